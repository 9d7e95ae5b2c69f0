import type { AnswerValue } from '@invigil/contracts';

// Rows as the drivers return them (snake_case, numeric columns possibly as text); the exam
// repository maps them to its domain types and never lets them out.

/** A row of the attempt query. */
export interface AttemptDbRow {
  id: number;
  user_id: number;
  exam_id: number;
  status: string;
  scheduled_at: Date | string | null;
  started_at: Date | string | null;
  deadline_at: Date | string | null;
  finished_at: Date | string | null;
  expires_at: Date | string | null;
  selected_language: string | null;
  window_switch_count: number;
  abort_reason: string | null;
  result_status: string | null;
  result_date: Date | string | null;
  obtained_marks: number | string | null;
  total_marks: number | string | null;
  percentage: number | string | null;
  name: string;
  test_type: number;
  exam_type_id: number;
  duration_seconds: number;
  instruction_text: string;
  translated_instructions: Record<string, string> | null;
  languages: string[] | null;
  total_marks_to_attempt: number;
  thank_you_message: string;
  settings: Record<string, unknown> | null;
  now: Date | string;
}

export interface QuestionDbRow {
  id: number;
  position: number;
  qtype_code: number;
  qtype_name: string;
  text: string;
  translations: Record<string, string> | null;
  marks: number | string;
  difficulty: number;
  resource_path: string | null;
  passage: Record<string, unknown> | null;
  content: Record<string, unknown> | null;
  answer_key: Record<string, unknown> | null;
}

export interface ChoiceDbRow {
  id: number;
  question_id: number;
  position: number;
  text: string;
  translations: Record<string, string> | null;
  blank_key: string | null;
  resource_path: string | null;
  is_correct: boolean;
}

export interface AnswerDbRow {
  question_id: number;
  client_seq: number;
  value: AnswerValue;
}

export interface UpsertDbRow {
  status: string;
  open: boolean | null;
  deadline_at: Date | string | null;
  now: Date | string;
  saved: number;
}

export const num = (v: number | string | null) => (v === null || v === undefined ? null : Number(v));
export const date = (v: Date | string | null) => (v === null || v === undefined ? null : new Date(v));
