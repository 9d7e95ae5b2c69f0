/**
 * Bytes on the wire of recorded answers (issue 14), `node --import tsx bench/media-answers/wire.ts`:
 *  A. per minute of answer: Chromium (fake devices: a noisy 640x480 30 fps camera, a voice) records
 *     30 s with the spoken and the video views' MediaRecorder settings; the tus requests add their
 *     headers (one PATCH per 256 KiB);
 *  B. a dropped link: the video is sent with tus-js-client (the browser's client, in Node, same
 *     chunk size) through a proxy that cuts the connection once in the middle of a PATCH; the
 *     bytes that crossed the proxy are compared with an upload that was not cut.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { Upload } from 'tus-js-client';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createDb } from '@invigil/db';
import { seed } from '@invigil/db/seed/index';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, 'bench/media-answers/.artifacts');
mkdirSync(dir, { recursive: true });
const CHUNK = 256 * 1024;
const SECONDS = 30;
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function fakeCamera() {
  const out = path.join(dir, 'noisy-camera.y4m');
  if (!existsSync(out))
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-loop',
      '1',
      '-i',
      path.join(root, 'packages/analysis/test/fixtures/astronaut.jpg'),
      '-vf',
      'scale=480:480,pad=640:480:(ow-iw)/2:(oh-ih)/2,noise=alls=12:allf=t,format=yuv420p',
      '-r',
      '30',
      '-t',
      '2',
      '-f',
      'yuv4mpegpipe',
      out,
    ]);
  const voice = path.join(dir, 'voice.wav');
  if (!existsSync(voice)) {
    execFileSync('espeak-ng', [
      '-w',
      path.join(dir, 'v1.wav'),
      'I would start by listening to the customer and then explain what we can do today.',
    ]);
    execFileSync('sox', [path.join(dir, 'v1.wav'), '-r', '48000', '-c', '1', voice, 'norm', '-3']);
  }
  return { camera: out, voice };
}

/** A: what 30 s of each kind of answer weighs, recorded as the views record it. */
async function perMinute() {
  const { camera, voice } = fakeCamera();
  const server = http.createServer((_q, r) => r.end('<html><body>bench</body></html>')).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as net.AddressInfo).port;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${camera}`,
      `--use-file-for-fake-audio-capture=${voice}`,
    ],
  });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  // A string, so the bundler's helpers (keepNames) do not end up in the page.
  const sizes = (await page.evaluate(`(async () => {
    const s = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480, frameRate: 30 }, audio: true });
    const rec = (stream, opts, slice) => {
      const r = new MediaRecorder(stream, opts);
      const parts = [];
      r.ondataavailable = (e) => parts.push(e.data);
      r.start(slice);
      return () => new Promise((done) => { r.onstop = () => done(new Blob(parts).size); r.stop(); });
    };
    const audio = rec(new MediaStream(s.getAudioTracks()), { mimeType: 'audio/webm;codecs=opus', audioBitsPerSecond: 48000 }, 1000);
    const video = rec(s, { mimeType: 'video/webm;codecs=vp8,opus', videoBitsPerSecond: 512000, audioBitsPerSecond: 48000, videoKeyFrameIntervalDuration: 2000 }, 2000);
    await new Promise((r) => setTimeout(r, ${SECONDS * 1000}));
    return { audio: await audio(), video: await video() };
  })()`)) as { audio: number; video: number };
  await browser.close();
  server.close();
  // tus: a POST, then one PATCH per chunk (~450 bytes of request and response headers each)
  const withTus = (bytes: number) => bytes + 700 + Math.ceil(bytes / CHUNK) * 450;
  for (const [kind, bytes] of Object.entries(sizes)) {
    const perMin = (withTus(bytes) * 60) / SECONDS;
    console.log(
      `${kind}: ${bytes} bytes for ${SECONDS} s -> ${(perMin / 1e6).toFixed(2)} MB per minute on the wire (${((perMin * 8) / 60 / 1000).toFixed(0)} kbit/s)`,
    );
  }
  return sizes;
}

/** A TCP proxy counting client-to-server bytes; `cutAfter` drops every connection once that many have passed. */
function proxy(target: number, cutAfter: number | null) {
  let total = 0;
  let cut = false;
  const srv = net.createServer((c) => {
    const s = net.connect(target, '127.0.0.1');
    c.on('data', (d) => {
      total += d.length;
      if (cutAfter !== null && !cut && total > cutAfter) {
        cut = true;
        c.destroy();
        s.destroy();
        return;
      }
      s.write(d);
    });
    s.on('data', (d) => c.write(d));
    c.on('error', () => s.destroy());
    s.on('error', () => c.destroy());
    c.on('close', () => s.destroy());
    s.on('close', () => c.destroy());
  });
  return { srv, sent: () => total };
}

async function send(port: number, token: string, body: Buffer, meta: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    const up = new Upload(body, {
      endpoint: `http://127.0.0.1:${port}/api/uploads`,
      chunkSize: CHUNK,
      retryDelays: [0, 200, 500, 1000],
      storeFingerprintForResuming: false,
      headers: { Authorization: `Bearer ${token}` },
      metadata: meta,
      onSuccess: () => resolve(up.url!),
      onError: reject,
    });
    up.start();
  });
}

/** B: bytes sent again after a cut, against the real server (file store). */
async function afterDrop(videoBytes: Buffer) {
  const database = await createDb({});
  await database.migrate();
  await seed(database);
  const config = {
    ...loadConfig({}),
    dataDir: path.join(dir, `data-${Date.now()}`),
    webDist: undefined,
    logLevel: 'silent' as const,
    queue: false,
    seedOnStart: false,
  };
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as net.AddressInfo).port;
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { userName: 'candidate@example.com', password: 'Candidate@123', regen: true },
  });
  const token = login.json().token as string;
  const { rows } = await database.executeSql<{ ue: number; q: number }>(
    `SELECT ue.id AS ue, q.id AS q FROM user_exams ue JOIN exams e ON e.id = ue.exam_id JOIN questions q ON q.exam_id = e.id JOIN users u ON u.id = ue.user_id
      WHERE u.email = 'candidate@example.com' AND e.name = 'Spoken and Video Answers' AND q.qtype_code = 27`,
  );
  await database.executeSql(
    `UPDATE user_exams SET status = '001', started_at = now(), deadline_at = now() + interval '1 hour' WHERE id = $1`,
    [rows[0]!.ue],
  );
  const meta = {
    attempt: String(rows[0]!.ue),
    question: String(rows[0]!.q),
    kind: 'video',
    filename: 'a.webm',
    filetype: 'video/webm',
  };
  const results: Record<string, number> = {};
  for (const [name, cutAt] of [
    ['whole', null],
    ['cut at 50%', Math.floor(videoBytes.length / 2)],
    ['cut at 90%', Math.floor(videoBytes.length * 0.9)],
  ] as const) {
    const p = proxy(port, cutAt);
    p.srv.listen(0, '127.0.0.1');
    await new Promise((r) => p.srv.once('listening', r));
    const url = await send((p.srv.address() as net.AddressInfo).port, token, videoBytes, meta);
    results[name] = p.sent();
    p.srv.close();
    await app.inject({
      method: 'DELETE',
      url: new URL(url).pathname,
      headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
    });
  }
  for (const name of ['cut at 50%', 'cut at 90%'])
    console.log(
      `${name}: ${results[name]! - results.whole!} bytes more crossed the link than for the whole upload (${results.whole} bytes); one chunk is ${CHUNK}`,
    );
  await app.close();
  await database.close();
}

console.log(`load before ${loadavg()}`);
const sizes = await perMinute();
const sample = path.join(dir, 'sample-video.bin');
if (!existsSync(sample)) writeFileSync(sample, Buffer.alloc(Math.max(sizes.video, 1_000_000), 7));
await afterDrop(readFileSync(sample));
console.log(`load after ${loadavg()}`);
