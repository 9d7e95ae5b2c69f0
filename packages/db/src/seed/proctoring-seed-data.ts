import { quick, type SeedExam } from './exam-engine-seed-data.ts';

const THANKS = '<h3>Thank you!</h3><p>Your responses have been recorded.</p>';
const QUESTIONS = [
  quick('What is 12 + 7?', ['19', '21'], 0),
  quick('Which planet is known as the red planet?', ['Venus', 'Mars'], 1),
  quick('How many days are in a leap year?', ['365', '366'], 1),
];
/** Every monitored demo test: a picture every 20 s, so a demo shows the checks quickly. */
const MONITORED = { monitoringflag: 1, photo_timer: 20 };

/** Issue 12: monitored demo tests (camera setup first; the server decides the proctoring verdicts). */
export const PROCTORING_EXAMS: SeedExam[] = [
  {
    key: 'proctor-match-stop',
    name: 'Monitored Test (Photo Match, Stops on Violations)',
    testType: 1,
    seconds: 15 * 60,
    instructions:
      '<p>Your camera and microphone are checked during this test. The 4th photo violation or the 5th multiple-speaker warning ends the test.</p>',
    thankYou: THANKS,
    settings: { ...MONITORED, photo_matching: 1, photo_action: 'S', speaker_dialect: 1, audio_action: 'S' },
    questions: QUESTIONS,
  },
  {
    key: 'proctor-warn-only',
    name: 'Monitored Test (No Photo Match, Warnings Only)',
    testType: 1,
    seconds: 15 * 60,
    instructions: '<p>Your camera is checked during this test. Problems are shown as warnings only.</p>',
    thankYou: THANKS,
    settings: { ...MONITORED, photo_matching: 0, photo_action: 'C', speaker_dialect: 0, audio_action: 'C' },
    questions: QUESTIONS,
  },
  {
    key: 'proctor-sequential',
    name: 'Monitored Test (Sequential Setup)',
    testType: 14,
    seconds: 15 * 60,
    instructions: '<p>Set up your microphone, then your camera, before the test starts.</p>',
    thankYou: THANKS,
    settings: { ...MONITORED, photo_matching: 1, photo_action: 'C', speaker_dialect: 1, audio_action: 'C' },
    questions: QUESTIONS,
  },
  {
    // The speaker check needs no camera (spec §4: only when speaker_dialect is true): the setup
    // asks for the microphone alone and the test takes no picture.
    key: 'proctor-speaker-only',
    name: 'Monitored Test (Speaker Check Only)',
    testType: 1,
    seconds: 15 * 60,
    instructions:
      '<p>Your microphone is checked during this test; no camera is used. The 5th multiple-speaker warning ends the test.</p>',
    thankYou: THANKS,
    settings: { monitoringflag: 0, photo_timer: 20, speaker_dialect: 1, audio_action: 'S' },
    questions: QUESTIONS,
  },
];

/** Both demo candidates get every monitored test. */
export const PROCTORING_ASSIGNMENTS: Record<string, string[]> = {
  'candidate@example.com': PROCTORING_EXAMS.map((e) => e.key),
  'candidate2@example.com': PROCTORING_EXAMS.map((e) => e.key),
};

export const PROCTORING_GROUP_NAME = 'Proctoring Demo';
