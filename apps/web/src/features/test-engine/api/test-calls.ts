import {
  decodePayload, encodePayload,
  type AnswerChange, type AnsweredQuestionsResponse, type ExamDetail, type NextQuestionResponse, type QuestionItem, type SavedTest,
  type StartExamResponse, type SubmitTestRequest, type SubmitTestResponse, type UploadFileResponse, type UserTestResponse,
} from '@invigil/contracts';
import { apiGet, apiPost, apiUpload } from '../../../lib/api-client.ts';

/* One function per call of the test engine (spec section 7). Encoded fields are base64url JSON. */

export async function fetchUserTest(examId: number, selectedLanguage: string) {
  const res = await apiPost<UserTestResponse>('/api/test/userTest', { examId, selectedLanguage });
  return { detail: res.examDetail[0] as ExamDetail, pools: res.examDetail[1], items: decodePayload<QuestionItem[]>(res.quesData) };
}

export const startExam = (id: number, selectedLanguage: string) => apiPost<StartExamResponse>('/api/test/startExam', { id, selectedLanguage });

export const resumeExam = (id: number, detail: ExamDetail, items: QuestionItem[]) =>
  apiPost<StartExamResponse>('/api/test/resumeExam', { id, examDetail: encodePayload(detail), quesData: encodePayload(items) });

export async function fetchAnsweredQts(id: number): Promise<SavedTest | null> {
  const res = await apiPost<{ result: string | null }>('/api/test/answeredQts', { id });
  return res.result ? decodePayload<SavedTest>(res.result) : null;
}

/** The delta form of the progress save: only changed answers. */
export const saveChanges = (id: number, changes: AnswerChange[], windowSwitchCount: number, keepalive = false) =>
  apiPost<AnsweredQuestionsResponse>('/api/test/answeredQuestions', { id, changes, windowSwitchCount }, { keepalive });

/** The spec's full form (the "document store" save before submitting). */
export const saveFull = (id: number, detail: ExamDetail, items: QuestionItem[], windowSwitchCount: number) =>
  apiPost<AnsweredQuestionsResponse>('/api/test/answeredQuestions', { id, examDetail: encodePayload(detail), quesData: encodePayload(items), windowSwitchCount });

export type SubmitBody = SubmitTestRequest & { userExamId: number };
export const submitTest = (id: number, body: SubmitBody) => apiPost<SubmitTestResponse>(`/api/result/submittest/${id}`, body);
export const fallbackSubmit = (id: number, body: SubmitBody) => apiPost<SubmitTestResponse>(`/api/result/fallbacksubmit/${id}`, { ...body, submitType: 'FALLBACK_ON_CATCH' });
export const independentResultProcess = (body: SubmitBody, submitType: 'MONGODB_SKIPPED' | 'MONGODB_SKIPPED_CATCH') =>
  apiPost<SubmitTestResponse>('/api/result/independent-resultprocess', { ...body, submitType });

export const fetchResultStatus = (id: number) => apiGet<Pick<SubmitTestResponse, 'examStatus' | 'resultStatus' | 'evaluation'>>(`/api/result/status/${id}`);

export const retest = (id: number) => apiGet<{ status: string; examStatus: string }>(`/api/test/retest/${id}`);

export const reportIssue = (qid: number, issuetype: string, description: string) => apiPost<{ status: string }>('/api/test/questionIssues', { qid, issuetype, description });

export async function nextQuestion(id: number, qid: number, seq: number, answer: AnswerChange['answer']) {
  const res = await apiPost<NextQuestionResponse>('/api/test/nextQuestion', { id, qid, seq, answer });
  return { ...res, question: res.question ? decodePayload<QuestionItem>(res.question) : null };
}

export function uploadAnswerFile(examId: number, qid: number, file: File) {
  const form = new FormData();
  form.append('upl', file, file.name);
  return apiUpload<UploadFileResponse>('/api/result/uploadfile', form, { headers: { filename: `${examId}_${qid}` } });
}

export const checkDownload = (url: string) => apiPost<{ error: boolean; file_url: string }>('/api/result/downloadfile', { url });
