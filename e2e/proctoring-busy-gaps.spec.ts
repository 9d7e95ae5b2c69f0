import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { signIn, USERS } from './support/auth.ts';
import { seriousViolations } from './support/axe.ts';
import { editDatabase } from './support/edit-database.ts';
import { shootBoth } from './support/screenshots.ts';
import { expect, startServer, test, type E2eServer } from './support/server.ts';

/**
 * ADR 0235: a silence while the server's own analysis was busy (503 + Retry-After, issue 12) is
 * not the candidate's. The server is given an analysis service that answers every call 503; the
 * candidate's periodic picture and speaker sample are refused; an hour of the attempt's clock is
 * moved back (the server stopped: the embedded database has one writer); the sweep records the
 * gaps and support reads on the timeline that the analysis service was busy.
 */
test.describe.configure({ timeout: 480_000 });

const PHOTO = 'Monitored Test (No Photo Match, Warnings Only)';
const SPEAKER = 'Monitored Test (Speaker Check Only)';
const attemptOf = (exam: string) =>
  `(SELECT ue.id FROM user_exams ue JOIN exams e ON e.id = ue.exam_id JOIN users u ON u.id = ue.user_id
     WHERE u.email = '${USERS.candidate.email}' AND e.name = '${exam}' ORDER BY ue.id LIMIT 1)`;
const PICTURE = `data:image/jpeg;base64,${readFileSync(
  new URL('../packages/analysis/test/fixtures/astronaut.jpg', import.meta.url),
).toString('base64')}`;

/** An analysis service that is always overloaded. */
async function busyAnalysis(): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(503, { 'retry-after': '5', 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'busy' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function bearer(request: APIRequestContext, base: string, user: { email: string; password: string }) {
  const res = await request.post(`${base}/api/login`, {
    data: { userName: user.email, password: user.password, regen: true },
  });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** The candidate's attempts of the two tests, as support finds them. */
async function attempts(request: APIRequestContext, base: string) {
  const search = await request.post(`${base}/api/test/searchUserOrg`, {
    headers: await bearer(request, base, USERS.support),
    data: { username: USERS.candidate.email },
  });
  const rows = (await search.json()).data.data as Array<{ userexams_id: number; exam_name: string }>;
  const of = (exam: string) => rows.find((r) => r.exam_name === exam)?.userexams_id ?? 0;
  return { photo: of(PHOTO), speaker: of(SPEAKER) };
}

test('gaps over pictures and samples the busy server refused say so on the timeline', async ({
  browser,
  playwright,
}) => {
  // Not the `request` or `page` fixtures: they would start the worker's own server, unused here.
  const request = await playwright.request.newContext();
  const analysis = await busyAnalysis();
  const env = {
    ANALYSIS_URL: `http://127.0.0.1:${(analysis.address() as AddressInfo).port}`,
    EXAM_SWEEP_INTERVAL_MS: '1000',
  };
  let server: E2eServer | null = await startServer({ env });
  const { dataDir, port } = server;
  const both = `${attemptOf(PHOTO)}, ${attemptOf(SPEAKER)}`;
  try {
    // Both attempts in progress (the photo test's camera setup is not what this is about).
    await server.stop();
    editDatabase(
      dataDir,
      `UPDATE user_exams SET status = '001', started_at = now(), deadline_at = now() + interval '15 minutes'
        WHERE id IN (${both});`,
    );
    server = await startServer({ dataDir, port, env });
    const ids = await attempts(request, server.url);
    expect(ids.photo).toBeGreaterThan(0);
    expect(ids.speaker).toBeGreaterThan(0);
    const asha = await bearer(request, server.url, USERS.candidate);
    for (let i = 0; i < 2; i++) {
      const photo = await request.post(`${server.url}/api/proctoring/photoCheck`, {
        headers: asha,
        data: { userexamid: ids.photo, imagePath: PICTURE },
      });
      expect(photo.status()).toBe(503);
      expect(photo.headers()['retry-after']).toBe('5');
      const sample = await request.post(`${server.url}/api/test/getaudio`, {
        headers: asha,
        multipart: {
          userexamid: String(ids.speaker),
          audiofile: { name: 'sample.webm', mimeType: 'audio/webm', buffer: Buffer.from('not analysed') },
        },
      });
      expect(sample.status()).toBe(503);
    }
    await server.stop();
    // Five minutes of the attempts pass: past two photo periods (40 s) and the speaker check's 95 s.
    const columns = ['started_at', 'last_photo_at', 'last_audio_at', 'picture_busy_from', 'picture_busy_to'];
    const back = [...columns, 'audio_busy_from', 'audio_busy_to'].map((c) => `${c} = ${c} - interval '5 minutes'`);
    editDatabase(dataDir, `UPDATE user_exams SET ${back.join(', ')} WHERE id IN (${both});`);
    server = await startServer({ dataDir, port, env });

    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signIn(page, USERS.support);
    await page.getByLabel('Email Id').fill(USERS.candidate.email);
    await page.getByRole('button', { name: 'Search User Tests' }).click();
    for (const [id, kind, title, refused, name] of [
      [
        ids.photo,
        'proctoring.gap',
        'No pictures received: the analysis service was busy',
        'the server refused 2 pictures',
        'pictures',
      ],
      [
        ids.speaker,
        'proctoring.audio_gap',
        'No speaker samples received: the analysis service was busy',
        'the server refused 2 speaker samples',
        'samples',
      ],
    ] as const) {
      const row = page
        .getByRole('table', { name: 'User tests' })
        .getByRole('row')
        .filter({ hasText: String(id) });
      const dialog = page.getByRole('dialog', { name: 'Attempt timeline' });
      const gap = dialog.getByTestId('timeline-events').locator(`li[data-kind="${kind}"]`);
      // The sweep runs every second on this server: the timeline is opened again until the gap is on it.
      await expect(async () => {
        if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Close' }).click();
        await row.getByRole('button', { name: /^Timeline/ }).click();
        await expect(gap).toBeVisible({ timeout: 3000 });
      }).toPass({ timeout: 60_000 });
      await expect(gap).toContainText(title);
      await expect(gap).toContainText(refused);
      await expect(gap).toContainText("(its analysis was busy, not the candidate's doing)");
      expect(await seriousViolations(page)).toEqual([]);
      await shootBoth(page, `support-timeline-busy-${name}`);
      // at 1280 px the page's shot is the whole long search list behind the dialog: the dialog alone too
      await dialog.screenshot({ path: `e2e/screenshots/support-timeline-busy-${name}-dialog-1280.png` });
      await dialog.getByRole('button', { name: 'Close' }).click();
    }
    await context.close();
  } finally {
    await server?.stop();
    await request.dispose();
    analysis.close();
  }
});
