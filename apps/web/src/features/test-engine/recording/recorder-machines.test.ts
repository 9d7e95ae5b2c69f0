import { describe, expect, it } from 'vitest';
import {
  SPOKEN_IDLE,
  spokenBusy,
  spokenReducer,
  spokenShouldAutoStop,
  type SpokenEvent,
  type SpokenState,
} from './spoken-machine.ts';
import {
  canStartVideo,
  shouldAutoStop,
  VIDEO_IDLE,
  videoBusy,
  videoReducer,
  type VideoEvent,
  type VideoState,
} from './video-machine.ts';

const spoken = (events: SpokenEvent[], from: SpokenState = SPOKEN_IDLE) => events.reduce(spokenReducer, from);
const video = (events: VideoEvent[], from: VideoState = VIDEO_IDLE) => events.reduce(videoReducer, from);

describe('spoken answer machine (spec §4)', () => {
  it('a failed new take of a saved answer goes back to the saved answer on Retry (ADR 0260)', () => {
    const failed = spoken(
      [
        { type: 'start' },
        { type: 'granted' },
        { type: 'stop', seconds: 12, force: true },
        { type: 'checked', problem: 'shortDuration' },
      ],
      { phase: 'answered' },
    );
    expect(failed).toEqual({ phase: 'failed', warning: 'shortDuration' });
    expect(spoken([{ type: 'retry', answered: true }], failed)).toEqual({ phase: 'answered' });
    expect(spoken([{ type: 'retry', answered: false }], failed)).toEqual(SPOKEN_IDLE);
  });
  it('stops by itself at 5:00, the longest the server keeps (ADR 0260)', () => {
    expect(spokenShouldAutoStop(299.9)).toBe(false);
    expect(spokenShouldAutoStop(300)).toBe(true);
    // the auto-stop is a forced stop: past 30 s it goes on to the checks and the upload
    const s = spoken([{ type: 'start' }, { type: 'granted' }, { type: 'stop', seconds: 300, force: true }]);
    expect(s).toEqual({ phase: 'stopped' });
  });
  it('idle → recording → stopped → uploading → answered', () => {
    const s = spoken([
      { type: 'start' },
      { type: 'granted' },
      { type: 'stop', seconds: 31 },
      { type: 'checked', problem: null },
      { type: 'saved' },
    ]);
    expect(s).toEqual({ phase: 'answered' });
  });
  it('stopping before 30 s opens the Recording Limit dialog and keeps recording', () => {
    const s = spoken([{ type: 'start' }, { type: 'granted' }, { type: 'stop', seconds: 12 }]);
    expect(s).toEqual({ phase: 'recording', limitOpen: true });
    expect(spoken([{ type: 'keepRecording' }], s)).toEqual({ phase: 'recording', limitOpen: false });
    // Stop anyway: the browser's check refuses it as too short
    const forced = spoken(
      [
        { type: 'stop', seconds: 12, force: true },
        { type: 'checked', problem: 'shortDuration' },
      ],
      s,
    );
    expect(forced).toEqual({ phase: 'failed', warning: 'shortDuration' });
    expect(spoken([{ type: 'retry' }], forced)).toEqual(SPOKEN_IDLE);
  });
  it('a denied microphone or a server refusal shows its warning; Retry re-enables recording', () => {
    expect(spoken([{ type: 'start' }, { type: 'refused', warning: 'permissionDenied' }])).toEqual({
      phase: 'failed',
      warning: 'permissionDenied',
    });
    const refused = spoken([{ type: 'resumeUpload' }, { type: 'refused', warning: 'noAudio' }]);
    expect(refused).toEqual({ phase: 'failed', warning: 'noAudio' });
    expect(spoken([{ type: 'start' }], refused)).toEqual(refused);
  });
  it('holds navigation while the microphone is asked for, records or is checked', () => {
    expect(spokenBusy({ phase: 'starting' })).toBe(true);
    expect(spokenBusy({ phase: 'recording', limitOpen: false })).toBe(true);
    expect(spokenBusy({ phase: 'uploading' })).toBe(false);
    expect(spokenBusy({ phase: 'answered' })).toBe(false);
  });
  it('an answered question may be recorded again; a saved event outside an upload changes nothing', () => {
    expect(spoken([{ type: 'start' }], { phase: 'answered' })).toEqual({ phase: 'starting' });
    expect(spoken([{ type: 'saved' }])).toEqual(SPOKEN_IDLE);
  });
});

describe('video interview machine (spec: Video question flow)', () => {
  it('devices, confirmation, a 3-second countdown, recording, checks, upload, saved', () => {
    let s = video([{ type: 'start' }, { type: 'devices', ok: true }, { type: 'confirm' }]);
    expect(s).toEqual({ phase: 'countdown', n: 3 });
    s = video([{ type: 'tick' }, { type: 'tick' }], s);
    expect(s).toEqual({ phase: 'countdown', n: 1 });
    s = video([{ type: 'tick' }], s);
    expect(s).toEqual({ phase: 'recording' });
    s = video([{ type: 'stop' }, { type: 'checked', problem: null }, { type: 'saved' }], s);
    expect(s).toEqual({ phase: 'saved' });
  });
  it('no camera or microphone is noMediaDevice; Cancel at the confirmation goes back', () => {
    expect(video([{ type: 'start' }, { type: 'devices', ok: false }])).toEqual({
      phase: 'failed',
      warning: 'noMediaDevice',
    });
    expect(video([{ type: 'start' }, { type: 'devices', ok: true }, { type: 'cancel' }])).toEqual(VIDEO_IDLE);
  });
  it('Start is disabled while uploading, once saved, or when the question is disabled', () => {
    expect(canStartVideo(VIDEO_IDLE, false)).toBe(true);
    expect(canStartVideo(VIDEO_IDLE, true)).toBe(false);
    expect(canStartVideo({ phase: 'uploading' }, false)).toBe(false);
    expect(canStartVideo({ phase: 'saved' }, false)).toBe(false);
    expect(canStartVideo({ phase: 'failed', warning: 'corruptVideo' }, false)).toBe(true);
    // saved is final: neither a retry nor a late refusal undoes it
    expect(video([{ type: 'retry' }, { type: 'refused', warning: 'faceNotMatching' }], { phase: 'saved' })).toEqual({
      phase: 'saved',
    });
  });
  it('Retry Recording drops a take; auto-stop at 4:00', () => {
    expect(video([{ type: 'retry' }], { phase: 'recording' })).toEqual(VIDEO_IDLE);
    expect(shouldAutoStop(239.9)).toBe(false);
    expect(shouldAutoStop(240)).toBe(true);
    expect(videoBusy({ phase: 'countdown', n: 2 })).toBe(true);
    expect(videoBusy({ phase: 'uploading' })).toBe(false);
  });
});
