import { ApiError, apiPost, apiUpload } from '../../../lib/api-client.ts';
import { getCookie } from '../../../lib/cookies.ts';

/** uploadImg: the still taken as a video recording starts, named {userid}_{examId}_{qid}.jpg (spec). */
export async function uploadStill(userExamId: number, qid: number, jpeg: Blob): Promise<string | undefined> {
  const form = new FormData();
  form.append('file', jpeg, `${getCookie('userId')}_${userExamId}_${qid}.jpg`);
  try {
    return (await apiUpload('/api/test/uploadImg', form)).imageUrl;
  } catch {
    // Only a help for the identity check (without a primary picture the video's own frames serve).
    return undefined;
  }
}

/** The current picture of a live video element as a JPEG at 0.8 (spec), or null. */
export function grabStill(video: HTMLVideoElement | null): Promise<Blob | null> {
  if (!video || video.readyState < 2 || !video.videoWidth) return Promise.resolve(null);
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return new Promise((resolve) => canvas.toBlob((b) => resolve(b), 'image/jpeg', 0.8));
}

/**
 * questionAudioPlay: the server counts a play of the question audio (at most 3) and hands out the
 * audio's signed URL for it. 'refused' once the 3 plays are used (the server counts the 4th: the
 * spec's audioButtonCount 4), null when the server could not be asked (nothing was counted).
 */
export async function playQuestionAudio(
  userExamId: number,
  qid: number,
): Promise<{ plays: number; url: string } | 'refused' | null> {
  try {
    const r = await apiPost('/api/test/questionAudioPlay', { userExamId, qid });
    return { plays: r.plays, url: r.url };
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) return 'refused';
    return null;
  }
}
