import { z } from 'zod';
import { IntId, Seq } from '../shared/id.ts';
import { BUTTON_STYLE } from '../shared/question-types.ts';

export const ButtonStyleSchema = z.enum([
  BUTTON_STYLE.answered,
  BUTTON_STYLE.notAnswered,
  BUTTON_STYLE.markedReview,
  BUTTON_STYLE.notVisited,
]);

export const TypingMetrics = z.object({
  wordCount: z.number().int().min(0),
  correctCount: z.number().int().min(0),
  incorrectCount: z.number().int().min(0),
  skippedCount: z.number().int().min(0),
  wpm: z.number().min(0),
  typingAccuracy: z.number().min(0).max(100),
  keyStrokes: z.number().int().min(0),
});
export type TypingMetrics = z.infer<typeof TypingMetrics>;

/**
 * A candidate's answer to one question: the answer fields of the spec's question item.
 * selectedChoiceId is comma-joined for multi-select and multi-blank answers; typed answers are
 * '|^^|'-joined in descriptiveText (and selectedChoiceId).
 */
export const AnswerValue = z.object({
  selectedChoiceId: z.string().max(2000).optional(),
  descriptiveText: z.string().max(200_000).optional(),
  uploadedFile: z.string().max(500).optional(),
  answerResourcePath: z.string().max(500).optional(),
  answerResourceName: z.string().max(300).optional(),
  recordedTime: z.number().min(0).optional(),
  /** Recorded answers (27, 28): set by the server once it holds the verified recording. */
  mongoSaved: z.boolean().optional(),
  /** Spoken answer (28): plays of the question audio so far; 4 once the limit was reached. */
  audioButtonCount: z.number().int().min(0).max(4).optional(),
  /** Matching: Column B item ids in the order shown against Column A. */
  matchOrder: z.array(z.number().int()).max(100).optional(),
  typing: TypingMetrics.optional(),
  /** Coding (20): the language the candidate's code (descriptiveText) is written in, and its compile count. */
  codelang: z.string().max(40).optional(),
  countCompilation: z.number().int().min(0).max(100_000).optional(),
  buttonStyle: ButtonStyleSchema.optional(),
  timeSpend: z.number().min(0).max(1e7).optional(),
});
export type AnswerValue = z.infer<typeof AnswerValue>;

/** A question item as the client sends it back (only qid, seq and the answer fields are read). */
export const ClientQuestionState = AnswerValue.extend({
  qid: IntId,
  /** The client's change counter for this answer; a lower one never overwrites a higher one. */
  seq: Seq.optional(),
});
export type ClientQuestionState = z.infer<typeof ClientQuestionState>;

export const MatchItem = z.object({ id: z.number(), text: z.string(), translated: z.string().nullable().optional() });

/** Type-specific content the views need (never the answer). */
export const QuestionContent = z.object({
  /** Matching: the two columns; Column B comes shuffled. */
  columnA: z.array(MatchItem).optional(),
  columnB: z.array(MatchItem).optional(),
  /** Typing test: the text to type. */
  sourceText: z.string().optional(),
  /** Typed input: how many boxes. */
  lines: z.number().int().min(1).max(20).optional(),
  /** Descriptive (4): false when the question takes no file (a QTI text-only answer) or no text (upload only). */
  fileUpload: z.boolean().optional(),
  textAnswer: z.boolean().optional(),
});

/** A coding language option (spec: id, codinglanguage) with its display name and kind. */
export const CodingLanguageOption = z.object({
  id: z.number().int(),
  codinglanguage: z.string(),
  name: z.string(),
  kind: z.enum(['program', 'sql', 'markup']),
});
export type CodingLanguageOption = z.infer<typeof CodingLanguageOption>;

/**
 * Coding (20) fields of a question item (spec section 3), present on coding items only. Never a test case's data: only how
 * many visible and hidden cases exist. A SQL question's tables come from getTables.
 */
export const CodingFields = z.object({
  /** The boilerplate of the first offered language ('' for stdin/stdout problems). */
  programBoilerPlate: z.string(),
  /** The language setting: 'all', 'all-p' / 'all_p' or one fixed language. */
  codinglang: z.string(),
  /** The selector's options for that setting (one when fixed). */
  codingLanguages: z.array(CodingLanguageOption),
  classname: z.string(),
  methodname: z.string(),
  paramtype: z.string(),
  paramvalue: z.string(),
  methodreturntype: z.string(),
  /** The number of visible and hidden test cases ('Compile & Execute Code' runs them all). */
  visibleTestCount: z.number().int().min(0),
  hiddenTestCount: z.number().int().min(0),
});
export type CodingFields = z.infer<typeof CodingFields>;

export const BlankGroup = z.object({ choiceid: z.string(), choicetext: z.string(), translated_choicetext: z.string() });

/**
 * A question item as a candidate receives it (spec section 3). No correctid, isCorrect or
 * answer key ever appears here. Multi-value fields are joined with '|^^|'.
 */
export const QuestionItem = AnswerValue.extend({
  qid: z.number(),
  index: z.number(),
  qtext: z.string(),
  translated_qtext: z.string().nullable(),
  qtypecode: z.number(),
  qtypename: z.string(),
  questiontypename: z.string(),
  qmarks: z.number(),
  qdifficultylevelid: z.number(),
  qresourcepath: z.string().nullable(),
  question_resource_url: z.string().nullable(),
  choiceid: z.string(),
  choicetext: z.string(),
  chkey: z.string(),
  chresourcepath: z.string(),
  choice_resource_url: z.string(),
  translated_choicetext: z.string(),
  blanks: z.record(z.string(), BlankGroup).optional(),
  passageheader: z.string().optional(),
  passagetext: z.string().optional(),
  passageImage: z.string().optional(),
  passageImageURL: z.string().optional(),
  passageQuestionNo: z.string().optional(),
  translated_passageheader: z.string().optional(),
  translated_passagetext: z.string().optional(),
  questionContent: QuestionContent.nullable(),
  answerStatus: z.boolean(),
  buttonStyle: ButtonStyleSchema,
  timeSpend: z.number(),
  disabled: z.boolean(),
  seq: z.number(),
}).extend(CodingFields.partial().shape);
export type QuestionItem = z.infer<typeof QuestionItem>;
