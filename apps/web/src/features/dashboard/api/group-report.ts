import { apiDownload } from '../../../lib/api-client.ts';
import { getCookie } from '../../../lib/cookies.ts';

/** The file name the spec saves the report as: the user's name plus a timestamp plus .pdf. */
function reportFileName(userName: string, at = new Date()): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\..+$/, '').replace('T', '_');
  return `${(userName || 'report').replace(/[^A-Za-z0-9_-]+/g, '_')}_${stamp}.pdf`;
}

/** Downloads the signed-in user's group report and saves it. Failures are only logged. */
export async function downloadGroupReport(groupId: number): Promise<void> {
  try {
    const blob = await apiDownload('/api/users/group-report/:userId/:groupId', {
      params: { userId: Number(getCookie('userId')), groupId },
    });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = reportFileName(getCookie('userName'));
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (e) {
    console.error('report download failed', e);
  }
}
