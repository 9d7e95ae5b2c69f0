import { apiUpload } from '../../../lib/api-client.ts';

export function uploadAnswerFile(examId: number, qid: number, file: File) {
  const form = new FormData();
  form.append('upl', file, file.name);
  return apiUpload('/api/result/uploadfile', form, { headers: { filename: `${examId}_${qid}` } });
}
