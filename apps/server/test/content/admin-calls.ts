import type { InjectOptions } from 'fastify';
import type { TestApp } from '../helpers.ts';
import { bearer } from '../helpers.ts';

/** A multipart body: form fields first, then the file in the field `file`. */
function multipart(file: { name: string; data: Buffer; type?: string }, fields: Record<string, string> = {}) {
  const boundary = '----invigil-admin-test';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST a file to an admin upload route as the given session. */
function upload(t: TestApp, token: string, url: string, file: { name: string; data: Buffer }, fields = {}) {
  const body = multipart(file, fields);
  const opts: InjectOptions = {
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  };
  return t.app.inject(opts);
}

export const importPackage = (t: TestApp, token: string, data: Buffer, name = 'package.zip', fields = {}) =>
  upload(t, token, '/api/admin/imports', { name, data }, fields);

export const uploadRoster = (t: TestApp, token: string, csv: string | Buffer) =>
  upload(t, token, '/api/admin/rosters', { name: 'roster.csv', data: Buffer.from(csv) });

/** Exams, questions and stored media: what an import must leave unchanged when it is refused. */
export async function contentCounts(t: TestApp) {
  const { rows } = await t.database.executeSql<{ exams: number; questions: number; choices: number }>(
    `SELECT (SELECT count(*)::int FROM exams) AS exams, (SELECT count(*)::int FROM questions) AS questions,
            (SELECT count(*)::int FROM choices) AS choices`,
  );
  return rows[0]!;
}
