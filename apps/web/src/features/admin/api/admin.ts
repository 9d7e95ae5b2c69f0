import type { ImportReport, RosterReport } from '@invigil/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Endpoints } from '@invigil/contracts';
import { ApiError, apiDownload, apiGet, apiPost, apiUpload } from '../../../lib/api-client.ts';

type ScheduleBody = Endpoints['POST /api/admin/schedules']['body'];

/** An answer with a report: the 200 reply, or a 422 whose body carries the refused report. */
export type Outcome<R> = { ok: true; report: R } | { ok: false; report: R | null; message: string };

async function withReport<R>(call: () => Promise<R>): Promise<Outcome<R>> {
  try {
    return { ok: true, report: await call() };
  } catch (e) {
    if (e instanceof ApiError && e.status > 0 && e.status < 500) {
      const body = e.body as { report?: R } | null;
      return { ok: false, report: body?.report ?? null, message: e.message };
    }
    throw e;
  }
}

const form = (file: File, title?: string) => {
  const f = new FormData();
  if (title) f.append('title', title);
  f.append('file', file, file.name);
  return f;
};

/** POST /api/admin/imports: a QTI package or an extension document. */
export function useImportTest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, title }: { file: File; title?: string }) =>
      withReport<ImportReport>(() => apiUpload('/api/admin/imports', form(file, title))),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'tests'] }),
  });
}

/** POST /api/admin/rosters: a candidate CSV. */
export function useUploadRoster() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => withReport<RosterReport>(() => apiUpload('/api/admin/rosters', form(file))),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'tests'] }),
  });
}

/** GET /api/admin/tests: imported tests, groups and schedules. */
export function useAdminLists() {
  return useQuery({ queryKey: ['admin', 'tests'], queryFn: () => apiGet('/api/admin/tests'), staleTime: 0 });
}

/** POST /api/admin/schedules. */
export function useSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleBody) => apiPost('/api/admin/schedules', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'tests'] }),
  });
}

/** Saves a blob under a file name (the browser's download). */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/admin/tests/:id/export, saved as a zip. */
export async function exportTest(id: number, name: string) {
  const blob = await apiDownload('/api/admin/tests/:id/export', { params: { id } });
  saveBlob(blob, `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-|-$/g, '') || 'test'}-qti3.zip`);
}
