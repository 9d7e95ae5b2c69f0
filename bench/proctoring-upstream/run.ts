/**
 * Upstream bytes of one monitored candidate (issue 12): the real app in Chromium with fake camera
 * and microphone, on the seeded monitored test with the speaker check on (photo_timer 20).
 *
 *   node --import tsx bench/proctoring-upstream/run.ts [--seconds 120]
 *
 * Chromium talks to the server through a counting TCP proxy, so every byte the browser sends is
 * counted as it crosses the wire (request lines, headers, bodies), not estimated. Counting starts
 * when the question page shows; the candidate answers nothing, so what is sent is proctoring
 * (pictures, speaker samples, device logs) and the engine's own background calls. The figure at
 * photo_timer 30 is computed from the measured bytes per picture and per speaker sample with the
 * client's schedule (a picture every photo_timer, a sample every photo_timer from 30 s on).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { signIn, USERS } from '../../e2e/support/auth.ts';
import { fakeMedia, launchWithFakes } from '../../e2e/support/fake-devices.ts';
import { clickGroupTest, token } from '../../e2e/support/test-engine.ts';

const root = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const SECONDS = Number(args[args.indexOf('--seconds') + 1]) || 120;
const GROUP = 'Proctoring Demo';
const EXAM = 'Monitored Test (Photo Match, Stops on Violations)';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'invigil-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok)
        return {
          port,
          stop: () => {
            child.kill('SIGTERM');
            rmSync(dataDir, { recursive: true, force: true });
          },
        };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

/** A request's path and declared body size, read from the head of a request as it passes. */
const HEAD = /^(?:GET|POST|PUT|PATCH|DELETE) (\S+) HTTP\/1\.1\r\n[\s\S]*?\r\ncontent-length: (\d+)\r\n/i;

/**
 * A TCP proxy that counts the bytes the browser sends (upstream) and receives, and the body size
 * of each request by path (from its Content-Length: Playwright cannot read multipart bodies).
 */
async function countingProxy(target: number) {
  const counts = { up: 0, down: 0 };
  const bodies: Array<{ path: string; bytes: number }> = [];
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    client.on('data', (b) => {
      counts.up += b.length;
      const m = HEAD.exec(b.subarray(0, 4096).toString('latin1'));
      if (m) bodies.push({ path: m[1]!, bytes: Number(m[2]) });
      upstream.write(b);
    });
    upstream.on('data', (b) => {
      counts.down += b.length;
      client.write(b);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, counts, bodies, close: () => server.close() };
}

async function main() {
  if (!readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8')) throw new Error('build the web app first');
  const server = await startServer();
  const proxy = await countingProxy(server.port);
  const media = fakeMedia();
  const browser = await launchWithFakes(media.oneFace, media.audio);
  const load = [loadavg()[0]!];
  try {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${proxy.port}` });
    const page = await context.newPage();
    await signIn(page, USERS.candidate2);
    // Past the setup screens (device-setup.spec.ts shows them): the primary picture through the API.
    await page.route('**/api/test/getMonitoringData', (r) => r.abort(), { times: 1 });
    const loaded = page.waitForRequest((r) => r.url().endsWith('/api/test/userTest'));
    await clickGroupTest(page, GROUP, EXAM);
    const proceed = page.getByRole('button', { name: 'Proceed' });
    const start = page.getByRole('button', { name: /^(Start|Resume)$/ });
    await expect(start.or(proceed).first()).toBeVisible({ timeout: 60_000 });
    if (await proceed.isVisible()) {
      await proceed.click();
      await page.getByRole('button', { name: 'Yes' }).click();
    }
    const examId = Number(JSON.parse((await loaded).postData() ?? '{}').examId);
    const picture = readFileSync(path.join(root, 'packages/analysis/test/fixtures/astronaut.jpg')).toString('base64');
    const saved = await page.request.post('/api/test/savePrimaryImage', {
      headers: { authorization: `Bearer ${await token(page)}` },
      data: { userexamid: examId, imagePath: `data:image/jpeg;base64,${picture}` },
    });
    if (saved.status() !== 200) throw new Error(`primary picture refused: ${saved.status()}`);
    await start.click();
    await expect(page.getByTestId('question-page')).toBeVisible({ timeout: 60_000 });

    // Count from here.
    const before = { ...proxy.counts };
    const firstBody = proxy.bodies.length;
    const t0 = Date.now();
    await page.waitForTimeout(SECONDS * 1000);
    const seconds = (Date.now() - t0) / 1000;
    load.push(loadavg()[0]!);
    const up = proxy.counts.up - before.up;
    const sent = proxy.bodies.slice(firstBody);
    const bodies = {
      photo: sent.filter((b) => b.path.endsWith('/api/proctoring/photoCheck')).map((b) => b.bytes),
      audio: sent.filter((b) => b.path.endsWith('/api/test/getaudio')).map((b) => b.bytes),
      other: sent.filter((b) => !/photoCheck|getaudio/.test(b.path)).reduce((a, b) => a + b.bytes, 0),
    };
    const requestCount = sent.length;
    const down = proxy.counts.down - before.down;
    const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    // At photo_timer 30 the client sends one picture and one speaker sample every 30 s; the
    // wire overhead per request (headers) is taken from the measured run.
    const bodyBytes = bodies.photo.reduce((a, b) => a + b, 0) + bodies.audio.reduce((a, b) => a + b, 0) + bodies.other;
    // Requests without a body (GET) have no Content-Length: the head bytes are spread over all counted requests.
    const overheadPerRequest = requestCount ? Math.max(0, up - bodyBytes) / requestCount : 0;
    const perThirty = avg(bodies.photo) + avg(bodies.audio) + 2 * overheadPerRequest;
    console.table([
      {
        'measured at photo_timer 20 (s)': seconds.toFixed(0),
        'upstream bytes': up,
        'upstream kbps': ((up * 8) / seconds / 1000).toFixed(1),
        'downstream kbps': ((down * 8) / seconds / 1000).toFixed(1),
        pictures: bodies.photo.length,
        'bytes per picture': Math.round(avg(bodies.photo)),
        'speaker samples': bodies.audio.length,
        'bytes per sample': Math.round(avg(bodies.audio)),
        'requests with a body': requestCount,
        'other bodies (bytes)': bodies.other,
        'headers etc. per request': Math.round(overheadPerRequest),
        'computed kbps at photo_timer 30': ((perThirty * 8) / 30 / 1000).toFixed(1),
        load: load.map((l) => l.toFixed(1)).join(' → '),
      },
    ]);
  } finally {
    await browser.close();
    proxy.close();
    server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
