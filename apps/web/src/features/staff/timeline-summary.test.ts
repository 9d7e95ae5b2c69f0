import type { TimelineEvent } from '@invigil/contracts';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/dates.ts';
import { fixedT } from '../../i18n/translate.ts';
import './staff-texts.ts';
import { kindKey, summary } from './timeline-summary.ts';

const event = (kind: string, data: Record<string, unknown>): TimelineEvent => ({
  id: 1,
  at: '2026-11-29T07:03:29Z',
  kind,
  actor: null,
  data,
});

describe('the attempt timeline in words (proctoring walk 2)', () => {
  it('names a silence of the photo check: when it began and how long it lasted', () => {
    const since = '2026-11-29T06:57:00Z';
    expect(fixedT('staff')('timeline.kind.proctoring_gap')).toBe('No pictures received');
    expect(summary(event('proctoring.gap', { seconds: 341, since }))).toBe(
      `since ${formatDateTime(since)}, seconds without a picture 341`,
    );
  });

  it('names a silence of the speaker check apart from one of the photo check', () => {
    const since = '2026-11-29T06:57:00Z';
    expect(fixedT('staff')('timeline.kind.proctoring_audio_gap')).toBe('No speaker samples received');
    expect(summary(event('proctoring.audio_gap', { seconds: 120, since }))).toBe(
      `since ${formatDateTime(since)}, seconds without a speaker sample 120`,
    );
  });

  it("says when a silence was the server's: pictures or samples refused while its analysis was busy (ADR 0235)", () => {
    const since = '2026-11-29T06:57:00Z';
    const busy = { refused: 3, from: '2026-11-29T06:58:00Z', to: '2026-11-29T07:01:00Z' };
    const t = fixedT('staff');
    const photo = event('proctoring.gap', { seconds: 341, since, busy });
    expect(t(`timeline.kind.${kindKey(photo)}`)).toBe('No pictures received: the analysis service was busy');
    expect(summary(photo)).toBe(
      `since ${formatDateTime(since)}, seconds without a picture 341, ` +
        `the server refused 3 pictures from ${formatDateTime(busy.from)} to ${formatDateTime(busy.to)} ` +
        `(its analysis was busy, not the candidate's doing)`,
    );
    const audio = event('proctoring.audio_gap', { seconds: 120, since, busy: { ...busy, refused: 1 } });
    expect(t(`timeline.kind.${kindKey(audio)}`)).toBe('No speaker samples received: the analysis service was busy');
    expect(summary(audio)).toContain(', the server refused 1 speaker sample from ');
    // without refusals: the plain silence, as before
    const plain = event('proctoring.gap', { seconds: 341, since });
    expect(t(`timeline.kind.${kindKey(plain)}`)).toBe('No pictures received');
    expect(kindKey(event('score.run', {}))).toBe('score_run');
  });

  it('says why the server stopped the attempt, with the stored code support searches for', () => {
    expect(summary(event('closed', { status: '111', submitType: 'PROCTORING', abortReason: 'no_face' }))).toBe(
      'type PROCTORING, status 111, reason face not visible (no_face)',
    );
    expect(summary(event('closed', { status: '111', abortReason: 'speakers' }))).toBe(
      'status 111, reason multiple speakers (speakers)',
    );
    expect(summary(event('closed', { status: '111', abortReason: 'window_switch' }))).toBe(
      'status 111, reason window switches past the limit (window_switch)',
    );
    expect(summary(event('closed', { status: '010', submitType: 'STANDARD', abortReason: null }))).toBe(
      'type STANDARD, status 010',
    );
  });

  it("names the browser's device reports as the browser's", () => {
    expect(fixedT('staff')('timeline.kind.device_video')).toBe('Browser reported: camera');
    expect(summary(event('device.video', { event: 'camera_stopped', status: 'failure' }))).toBe(
      'camera_stopped, status failure',
    );
    expect(summary(event('device.permission', { event: 'permission_denied', status: null }))).toBe('permission_denied');
    expect(summary(event('device.video', { event: 'link_lost:75s', status: 'failure' }))).toBe(
      'link_lost:75s, status failure, the browser says it was offline for 75 s',
    );
  });

  it("notes a picture the page kept and sent later, as the page's word (ADR 0239)", () => {
    expect(summary(event('proctoring.photo', { photo_tag: 'regular', face_count: 1, keptSeconds: 42 }))).toBe(
      'outcome regular, faces 1, taken 42 s before it was sent, the page says',
    );
  });

  it('says when a periodic picture was the same, byte for byte, as an earlier one (ADR 0228)', () => {
    expect(summary(event('proctoring.photo', { photo_tag: 'regular', face_count: 1, samePicture: 'setup' }))).toBe(
      'outcome regular, faces 1, the same picture as the setup picture, byte for byte (a still image?)',
    );
    expect(summary(event('proctoring.photo', { photo_tag: 'regular', face_count: 1, samePicture: 'previous' }))).toBe(
      'outcome regular, faces 1, the same picture as the check before, byte for byte (a still image?)',
    );
    expect(summary(event('proctoring.photo', { photo_tag: 'regular', face_count: 1 }))).toBe(
      'outcome regular, faces 1',
    );
  });
});
