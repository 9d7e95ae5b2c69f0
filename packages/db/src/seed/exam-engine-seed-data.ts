import type { ChoiceDraft, ExamDraft, QuestionDraft } from '../exam-draft.ts';

/**
 * The test engine's demo tests (issue 4): every non-media question type, a survey, a feedback
 * form, an adaptive test, mandatory answers with navigation off, two languages, a window-switch
 * limit of 2 and a 2-minute test. Question type codes follow packages/contracts question-types.ts.
 */
export type SeedChoice = ChoiceDraft;
export type SeedQuestion = QuestionDraft;
/** A demo exam: a draft with the key the assignments name it by. */
export interface SeedExam extends ExamDraft {
  key: string;
}

const MEDIA = '/media/exam-demo';
const sc = (text: string, correct = false, hi?: string): SeedChoice => ({ text, correct, hi });

export const THANKS = '<h3>Thank you!</h3><p>Your responses have been recorded.</p>';
const TEST_INSTRUCTIONS =
  '<p>Answer every question. Your answers are saved as you go; use <b>Next</b> and <b>Previous</b> to move and <b>Finish</b> to submit.</p>';

const SHORT_TYPING_SOURCE = 'Practice makes typing fast and accurate when every finger knows its own keys';
const TYPING_SOURCE =
  'The quick brown fox jumps over the lazy dog while the clever cat watches from the warm windowsill';

export const ALL_TYPES: SeedExam = {
  key: 'all-types',
  name: 'All Question Types Demo',
  testType: 1,
  seconds: 30 * 60,
  instructions: TEST_INSTRUCTIONS,
  thankYou: THANKS,
  settings: { showscore: 1, showscoreflag: 1 },
  questions: [
    {
      type: 1,
      typeName: 'Single Choice',
      text: '<p>Which planet is known as the Red Planet?</p>',
      resourcePath: `${MEDIA}/planet.png`,
      choices: [sc('Venus'), sc('Mars', true), sc('Jupiter'), sc('Saturn')],
    },
    {
      type: 2,
      typeName: 'Multiple Choice',
      text: '<p>Select all the prime numbers.</p>',
      choices: [sc('2', true), sc('4'), sc('5', true), sc('9')],
    },
    {
      type: 3,
      typeName: 'Multiple Choice With Blanks',
      marks: 2,
      text: '<p>Water boils at ___(i)___ degrees Celsius at sea level and freezes at ___(ii)___ degrees.</p>',
      passage: {
        passageheader: 'Passage: States of water',
        passagetext: '<p>Water changes state with temperature. Read the passage and fill the blanks.</p>',
        passageImage: `${MEDIA}/passage-notes.pdf`,
        passageQuestionNo: '3',
      },
      choices: [
        { text: '90', blank: 'BLANK1' },
        { text: '100', blank: 'BLANK1', correct: true },
        { text: '0', blank: 'BLANK2', correct: true },
        { text: '10', blank: 'BLANK2' },
      ],
    },
    {
      type: 13,
      typeName: 'Comprehension',
      text: '<p>According to the passage, what does the tone play?</p>',
      passage: {
        passageheader: 'Listen to the tone',
        passagetext: '<p>A short tone plays for one second.</p>',
        passageImage: `${MEDIA}/tone.mp3`,
        passageQuestionNo: '4',
      },
      choices: [sc('A single tone', true), sc('A song'), sc('Nothing')],
    },
    {
      type: 5,
      typeName: 'Fill in the Blanks',
      text: '<p>Type the capital of France and the capital of Italy, one per box.</p>',
      content: { lines: 2 },
      answerKey: { answers: ['Paris', 'Rome'] },
    },
    {
      type: 4,
      typeName: 'Descriptive',
      marks: 5,
      text: '<p>Describe a project you are proud of. You may attach a document (PDF, Word, Excel, PowerPoint or an image).</p>',
    },
    {
      type: 6,
      typeName: 'Typing Test',
      marks: 2,
      text: '<p>Type the text shown below exactly.</p>',
      content: { sourceText: TYPING_SOURCE },
      answerKey: { sourceText: TYPING_SOURCE },
    },
    {
      type: 7,
      typeName: 'Match the Following',
      marks: 4,
      text: '<p>Match each country in Column A with its capital in Column B.</p>',
      content: {
        columnA: [
          { id: 1, text: 'India' },
          { id: 2, text: 'Japan' },
          { id: 3, text: 'Kenya' },
          { id: 4, text: 'Peru' },
        ],
        columnB: [
          { id: 101, text: 'New Delhi' },
          { id: 102, text: 'Tokyo' },
          { id: 103, text: 'Nairobi' },
          { id: 104, text: 'Lima' },
        ],
      },
      answerKey: {
        pairs: [
          [1, 101],
          [2, 102],
          [3, 103],
          [4, 104],
        ],
      },
    },
  ],
};

const LIKERT = ['Strongly agree', 'Agree', 'Neutral', 'Disagree', 'Strongly disagree'];

export const SURVEY: SeedExam = {
  key: 'survey',
  name: 'Workplace Wellbeing Survey',
  testType: 7,
  seconds: 10 * 60,
  instructions:
    '<p>There are no right or wrong answers. Choose the option closest to your view for each statement.</p>',
  thankYou: '<h3>Thank you for taking the survey.</h3>',
  settings: { showscore: 0, showscoreflag: 0 },
  questions: [
    {
      type: 1,
      typeName: 'Single Choice',
      text: '<p>I have the tools I need to do my work well.</p>',
      choices: LIKERT.map((t) => sc(t)),
    },
    {
      type: 1,
      typeName: 'Single Choice',
      text: '<p>My workload is manageable.</p>',
      choices: LIKERT.map((t) => sc(t)),
    },
    { type: 4, typeName: 'Descriptive', marks: 0, text: '<p>What one change would improve your week?</p>' },
  ],
};

export const FEEDBACK: SeedExam = {
  key: 'feedback',
  name: 'Course Feedback Form',
  testType: 8,
  seconds: 10 * 60,
  instructions: '<p>Tell us how the course went for you.</p>',
  thankYou: '<h3>Thank you for your feedback.</h3>',
  settings: { showscore: 0, showscoreflag: 0 },
  questions: [
    {
      type: 1,
      typeName: 'Single Choice',
      text: '<p>The trainer explained topics clearly.</p>',
      choices: LIKERT.map((t) => sc(t)),
    },
    { type: 4, typeName: 'Descriptive', marks: 0, text: '<p>Any other comments?</p>' },
  ],
};

const adaptiveQ = (
  difficulty: number,
  marks: number,
  text: string,
  options: string[],
  correct: number,
): SeedQuestion => ({
  type: 1,
  typeName: 'Single Choice',
  difficulty,
  marks,
  text: `<p>${text}</p>`,
  choices: options.map((o, i) => sc(o, i === correct)),
});

export const ADAPTIVE: SeedExam = {
  key: 'adaptive',
  name: 'Adaptive Aptitude Test',
  testType: 1,
  examTypeId: 4,
  seconds: 15 * 60,
  totalMarksToAttempt: 5,
  instructions:
    '<p>Each next question depends on your last answer. Answer until the marks to attempt are used up, then Finish.</p>',
  thankYou: THANKS,
  settings: { showscore: 1, showscoreflag: 1 },
  questions: [
    adaptiveQ(1, 1, 'What is 2 + 3?', ['4', '5', '6'], 1),
    adaptiveQ(1, 1, 'What is 10 - 4?', ['6', '7', '5'], 0),
    adaptiveQ(1, 1, 'Which is the largest: 3, 8, 5?', ['3', '5', '8'], 2),
    adaptiveQ(2, 1, 'What is 12 × 12?', ['124', '144', '154'], 1),
    adaptiveQ(2, 1, 'Next in the series 2, 4, 8, 16, ...?', ['24', '30', '32'], 2),
    adaptiveQ(2, 2, 'A train covers 180 km in 3 hours. Its speed in km/h?', ['50', '60', '90'], 1),
    adaptiveQ(3, 1, 'What is 15% of 240?', ['36', '32', '40'], 0),
    adaptiveQ(3, 2, 'If 3x + 7 = 22, x = ?', ['4', '5', '6'], 1),
    adaptiveQ(3, 1, 'How many primes are below 20?', ['7', '8', '9'], 1),
  ],
};

export const MANDATORY: SeedExam = {
  key: 'mandatory',
  name: 'Mandatory Answers, No Going Back',
  testType: 1,
  seconds: 10 * 60,
  instructions: '<p>Every question must be answered before you can go on, and you cannot go back.</p>',
  thankYou: THANKS,
  settings: { answermandatoryflag: 1, navflag: 0, showscore: 1, showscoreflag: 1 },
  questions: [
    {
      type: 1,
      typeName: 'Single Choice',
      text: '<p>How many days are in a leap year?</p>',
      choices: [sc('365'), sc('366', true)],
    },
    {
      type: 1,
      typeName: 'Single Choice',
      text: '<p>Which gas do plants absorb?</p>',
      choices: [sc('Oxygen'), sc('Carbon dioxide', true), sc('Nitrogen')],
    },
    {
      type: 5,
      typeName: 'Fill in the Blanks',
      text: '<p>Type the chemical symbol of gold.</p>',
      content: { lines: 1 },
      answerKey: { answers: ['Au'] },
    },
    {
      // Short on purpose: fewer than 10 words remain almost at once, so 10 more are added.
      type: 6,
      typeName: 'Typing Test',
      marks: 2,
      text: '<p>Type the text shown below; keep going as far as you can.</p>',
      content: { sourceText: SHORT_TYPING_SOURCE },
      answerKey: { sourceText: SHORT_TYPING_SOURCE },
    },
  ],
};

export const TWO_LANGUAGE: SeedExam = {
  key: 'two-language',
  name: 'General Knowledge (English / हिन्दी)',
  testType: 1,
  seconds: 15 * 60,
  languages: ['en-IN', 'hi-IN'],
  instructions: TEST_INSTRUCTIONS,
  instructionsHi:
    '<p>हर प्रश्न का उत्तर दें। आपके उत्तर साथ-साथ सहेजे जाते हैं; आगे-पीछे जाने के लिए <b>Next</b> और <b>Previous</b> तथा जमा करने के लिए <b>Finish</b> का उपयोग करें।</p>',
  thankYou: THANKS,
  settings: { include_english: 1, showscore: 1, showscoreflag: 1 },
  questions: [
    {
      type: 1,
      typeName: 'Single Choice',
      text: '<p>What is the capital of India?</p>',
      hi: '<p>भारत की राजधानी क्या है?</p>',
      choices: [sc('Mumbai', false, 'मुंबई'), sc('New Delhi', true, 'नई दिल्ली'), sc('Kolkata', false, 'कोलकाता')],
    },
    {
      type: 1,
      typeName: 'Single Choice',
      text: '<p>How many continents are there?</p>',
      hi: '<p>कितने महाद्वीप हैं?</p>',
      choices: [sc('Five', false, 'पाँच'), sc('Seven', true, 'सात'), sc('Nine')],
    },
    {
      type: 1,
      typeName: 'Single Choice',
      text: '<p>Which ocean is the largest?</p>',
      choices: [sc('Atlantic'), sc('Pacific', true), sc('Indian')],
    },
  ],
};

export const quick = (text: string, options: string[], correct: number): SeedQuestion => ({
  type: 1,
  typeName: 'Single Choice',
  text: `<p>${text}</p>`,
  choices: options.map((o, i) => sc(o, i === correct)),
});

export const WINDOW_SWITCH: SeedExam = {
  key: 'window-switch',
  name: 'Proctored Test (Window Switch Limit 2)',
  testType: 1,
  seconds: 10 * 60,
  instructions: '<p>Do not leave this window. Switching windows more than twice ends the test.</p>',
  thankYou: THANKS,
  settings: { webproctoringcount: 2, showscore: 1, showscoreflag: 1 },
  questions: [
    quick('What colour is the sky on a clear day?', ['Blue', 'Green'], 0),
    quick('What is 7 × 6?', ['42', '48'], 0),
  ],
};

export const TWO_MINUTE: SeedExam = {
  key: 'two-minute',
  name: 'Two-Minute Quick Test',
  testType: 1,
  seconds: 120,
  instructions: '<p>You have two minutes. The test is submitted automatically when the time is up.</p>',
  thankYou: THANKS,
  settings: { showscore: 1, showscoreflag: 1 },
  questions: [quick('What is 9 + 10?', ['19', '21'], 0), quick('Which is a mammal?', ['Shark', 'Dolphin'], 1)],
};

export const ENGINE_EXAMS: SeedExam[] = [
  ALL_TYPES,
  SURVEY,
  FEEDBACK,
  ADAPTIVE,
  MANDATORY,
  TWO_LANGUAGE,
  WINDOW_SWITCH,
  TWO_MINUTE,
];

/** Who gets which demo test: Asha every one; Ravi a second copy of some, for end-to-end runs. */
export const ENGINE_ASSIGNMENTS: Record<string, string[]> = {
  'candidate@example.com': ENGINE_EXAMS.map((e) => e.key),
  'candidate2@example.com': ['all-types', 'two-minute', 'window-switch', 'survey'],
};

export const ENGINE_GROUP_NAME = 'Test Engine Demo';
