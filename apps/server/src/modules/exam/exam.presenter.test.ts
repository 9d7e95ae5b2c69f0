import { describe, expect, it } from 'vitest';
import type { Attempt } from './exam.repository.ts';
import { toExamDetail } from './exam.presenter.ts';

const attempt = (settings: Record<string, unknown>): Attempt => ({
  id: 1,
  userId: 2,
  examId: 3,
  status: '000',
  scheduledAt: null,
  startedAt: null,
  deadlineAt: null,
  finishedAt: null,
  expiresAt: null,
  selectedLanguage: null,
  windowSwitchCount: 0,
  abortReason: null,
  resultStatus: null,
  resultDate: null,
  obtainedMarks: null,
  totalMarks: null,
  percentage: null,
  now: new Date(),
  exam: {
    name: 'T',
    testType: 1,
    examTypeId: 1,
    durationSeconds: 600,
    instructionText: '',
    translatedInstructions: {},
    languages: ['en-IN'],
    totalMarksToAttempt: 0,
    thankYouMessage: '',
    settings,
  },
});

/**
 * The exam detail's monitoringflag and speaker_dialect decide whether the test page loads the
 * in-test checks: they must read the settings as getMonitoringData, the start check and the gap
 * sweep do, or a test the server monitors runs with no checks in the browser.
 */
describe('exam detail: monitoring flags read like the monitoring settings', () => {
  it.each([
    [{ monitoringflag: 1 }, 1],
    [{ monitoringflag: 'Y' }, 1],
    [{ monitoringflag: 'true' }, 1],
    [{ monitoring: true }, 1],
    [{ monitoringflag: 0 }, 0],
    [{ monitoringflag: '0' }, 0],
    [{}, 0],
  ])('%j gives monitoringflag %i', (settings, expected) => {
    expect(toExamDetail(attempt(settings), 600).monitoringflag).toBe(expected);
  });

  it.each([
    [{ speaker_dialect: 1 }, true],
    [{ speaker_dialect: 'true' }, true],
    [{ speaker_dialect: '0' }, false],
    [{ speaker_dialect: 'false' }, false],
    [{}, false],
  ])('%j gives speaker_dialect %s', (settings, expected) => {
    expect(toExamDetail(attempt(settings), 600).speaker_dialect).toBe(expected);
  });
});
