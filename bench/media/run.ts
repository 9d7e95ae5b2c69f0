/**
 * Media storage port throughput and latency (issue 14): put and get of 50 KB pictures and 15 MB
 * videos through each adapter — local disk, and S3 on s3rver running in a child process on the
 * same machine — and a picture and a video read through signed URLs over HTTP from the app's route
 * (`/api/media/signed/…`, which streams from the store: ADR 0150), the app in a process of its own.
 *
 *   node --import tsx bench/media/run.ts [--pictures 300] [--videos 8] [--concurrency 8] [--store local,s3]
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { LocalMediaStorage } from '../../apps/server/src/lib/media/local-media-storage.ts';
import type { MediaStorage } from '../../apps/server/src/lib/media/media-storage.ts';
import { S3MediaStorage } from '../../apps/server/src/lib/media/s3-media-storage.ts';
import { TEST_BUCKET } from '../../apps/server/test/s3-server.ts';

const { values: args } = parseArgs({
  options: {
    pictures: { type: 'string', default: '300' },
    videos: { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '8' },
    store: { type: 'string', default: 'local,s3' },
  },
});
const PICTURES = Number(args.pictures);
const VIDEOS = Number(args.videos);
const CONCURRENCY = Number(args.concurrency);
const MB = 1024 * 1024;
const PICTURE = 50 * 1024;
const VIDEO = 15 * MB;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const ms = (n: number) => +n.toFixed(1);

/** Runs `n` jobs with at most `c` at once; returns each job's latency and the wall time. */
async function timed(n: number, c: number, job: (i: number) => Promise<void>) {
  const lat: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(c, n) }, async () => {
      while (next < n) {
        const i = next++;
        const s = performance.now();
        await job(i);
        lat.push(performance.now() - s);
      }
    }),
  );
  return { lat, wallMs: performance.now() - t0 };
}

function report(what: string, n: number, bytes: number, r: { lat: number[]; wallMs: number }) {
  const row = {
    what,
    n,
    opsPerS: +((n / r.wallMs) * 1000).toFixed(1),
    mbPerS: +((n * bytes) / MB / (r.wallMs / 1000)).toFixed(1),
    p50Ms: ms(pct(r.lat, 0.5)),
    p95Ms: ms(pct(r.lat, 0.95)),
    load: +loadavg()[0]!.toFixed(1),
  };
  console.log(JSON.stringify(row));
  return row;
}

async function drain(s: Readable) {
  let n = 0;
  for await (const c of s) n += (c as Buffer).length;
  return n;
}

/** A video as a stream of 64 KB chunks (as a tus upload or a transcoder would hand it over). */
const videoStream = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
    })(),
  );

async function benchStore(name: string, m: MediaStorage) {
  const rows = [];
  const pics = Array.from({ length: 16 }, () => randomBytes(PICTURE));
  const video = randomBytes(VIDEO);
  const run = Date.now().toString(36);
  for (const c of [1, CONCURRENCY]) {
    const put = await timed(PICTURES, c, async (i) => {
      await m.put(`proctoring/${run}${c}/p-${i}.jpg`, pics[i % pics.length]!, 'image/jpeg');
    });
    rows.push(report(`${name} put 50 KB picture, ${c} at once`, PICTURES, PICTURE, put));
    const get = await timed(PICTURES, c, async (i) => {
      const b = await m.get(`proctoring/${run}${c}/p-${i}.jpg`);
      if (b?.length !== PICTURE) throw new Error('short read');
    });
    rows.push(report(`${name} get 50 KB picture, ${c} at once`, PICTURES, PICTURE, get));
  }
  for (const c of [1, Math.min(4, CONCURRENCY)]) {
    const put = await timed(VIDEOS, c, async (i) => {
      await m.putStream(`recordings/${run}${c}/v-${i}.webm`, videoStream(video), { contentType: 'video/webm' });
    });
    rows.push(report(`${name} putStream 15 MB video, ${c} at once`, VIDEOS, VIDEO, put));
    const get = await timed(VIDEOS, c, async (i) => {
      const r = await m.read(`recordings/${run}${c}/v-${i}.webm`);
      if ((await drain(r!.body)) !== VIDEO) throw new Error('short read');
    });
    rows.push(report(`${name} read 15 MB video, ${c} at once`, VIDEOS, VIDEO, get));
    const seek = await timed(VIDEOS * 4, c, async (i) => {
      const start = ((i * 7919) % 14) * MB;
      const r = await m.read(`recordings/${run}${c}/v-${i % VIDEOS}.webm`, { start, end: start + 256 * 1024 - 1 });
      await drain(r!.body);
    });
    rows.push(report(`${name} range read 256 KB of a video (a seek), ${c} at once`, VIDEOS * 4, 256 * 1024, seek));
  }
  await m.deletePrefix(`proctoring/`);
  await m.deletePrefix(`recordings/`);
  return rows;
}

/** Starts a bench helper process and reads the JSON line it prints when ready. */
async function helper(script: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return { info: JSON.parse(line) as Record<string, string>, stop: () => child.kill('SIGTERM') };
}

/**
 * The app on this store in its own process (as a node serves browsers): reads through signed
 * URLs over a real socket, the client here.
 */
async function benchHttp(name: string, env: Record<string, string>) {
  const app = await helper('app-process.ts', env);
  // node:http, not fetch: undici's fetch alone capped a 15 MB read near 40 MB/s here.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const get = (url: string, range?: string) =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers: range ? { range } : {} }, (res) => {
          let n = 0;
          res.on('data', (c: Buffer) => (n += c.length));
          res.on('end', () =>
            res.statusCode! < 300 && n > 0 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    });
  const { picture, video } = app.info as { picture: string; video: string };
  const rows = [];
  try {
    for (const c of [1, CONCURRENCY]) {
      const pics = await timed(PICTURES, c, () => get(picture));
      rows.push(report(`${name} HTTP signed URL, 50 KB picture, ${c} at once`, PICTURES, PICTURE, pics));
    }
    for (const c of [1, Math.min(4, CONCURRENCY)]) {
      const whole = await timed(VIDEOS, c, () => get(video));
      rows.push(report(`${name} HTTP signed URL, 15 MB video, ${c} at once`, VIDEOS, VIDEO, whole));
      const seek = await timed(VIDEOS * 4, c, (i) => {
        const start = ((i * 7919) % 14) * MB;
        return get(video, `bytes=${start}-${start + 256 * 1024 - 1}`);
      });
      rows.push(report(`${name} HTTP signed URL, 256 KB range (a seek), ${c} at once`, VIDEOS * 4, 256 * 1024, seek));
    }
  } finally {
    agent.destroy();
    app.stop();
  }
  return rows;
}

const stores = args.store.split(',');
const all = [];
const dir = mkdtempSync(path.join(tmpdir(), 'invigil-bench-media-'));
console.log(
  `load before: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (stores.includes('local')) {
  all.push(...(await benchStore('local', new LocalMediaStorage(dir, 512 * MB))));
  all.push(...(await benchHttp('local', { MEDIA_STORE: 'local' })));
}
if (stores.includes('s3')) {
  const server = await helper('s3-server-process.ts');
  const s3 = { endpoint: server.info.endpoint!, stop: server.stop };
  const m = new S3MediaStorage(
    {
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: TEST_BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'bench/',
    },
    512 * MB,
  );
  try {
    all.push(...(await benchStore('s3rver', m)));
    all.push(
      ...(await benchHttp('s3rver', {
        MEDIA_STORE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: TEST_BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'on',
        S3_PREFIX: 'bench-http/',
      })),
    );
  } finally {
    m.close();
    s3.stop();
  }
}
rmSync(dir, { recursive: true, force: true });
console.log(
  `load after: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
writeFileSync(path.join(import.meta.dirname, 'results.json'), JSON.stringify(all, null, 2) + '\n');
