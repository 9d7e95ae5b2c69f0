import type { SeedExam } from './exam-engine-seed-data.ts';

/**
 * The recorded-answer demo test (issue 14): two spoken answers (28; the first with question
 * audio, made with espeak-ng: apps/web/public/media/exam-demo/SOURCES.md), a video interview (27)
 * and a descriptive question answered with a file. Recordings are for people to review, so the
 * test shows no score.
 */
export const RECORDINGS_EXAM: SeedExam = {
  key: 'recorded-answers',
  name: 'Spoken and Video Answers',
  testType: 1,
  seconds: 30 * 60,
  instructions:
    '<p>Some questions are answered by speaking or on camera. Press <b>Start Recording</b>, answer for at least 30 seconds, then <b>Stop Recording</b>; your recording is uploaded and checked before it counts. A video stops by itself at 4 minutes.</p>',
  thankYou: '<h3>Thank you!</h3><p>Your recorded answers will be reviewed.</p>',
  settings: { showscore: 0, showscoreflag: 0 },
  questions: [
    {
      type: 28,
      typeName: 'Spoken Answer',
      text: 'Listen to the question (you may play it up to 3 times), then record your answer.',
      marks: 5,
      resourcePath: '/media/exam-demo/spoken-question.mp3',
    },
    {
      type: 28,
      typeName: 'Spoken Answer',
      text: 'In at least 30 seconds, describe a book you enjoyed and why you would recommend it.',
      marks: 5,
    },
    {
      type: 27,
      typeName: 'Video Interview',
      text: 'Introduce yourself on camera: your background and why you are interested in this role (30 seconds to 4 minutes).',
      marks: 10,
    },
    {
      type: 4,
      typeName: 'Descriptive',
      text: 'Attach your CV as a PDF or Word file, and add a short note about it.',
      marks: 0,
    },
  ],
};

export const RECORDINGS_GROUP_NAME = 'Recorded Answers Demo';
export const RECORDINGS_ASSIGNMENTS: Record<string, string[]> = {
  'candidate@example.com': ['recorded-answers'],
  'candidate2@example.com': ['recorded-answers'],
};
