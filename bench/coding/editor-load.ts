// Editor chunk benchmark (never part of npm test): node --import tsx bench/coding/editor-load.ts [runs]
// Needs a built web app (npm run build:web). Serves apps/web/dist (gzip) and, in Chromium
// throttled like bench/web-load (0.3 Mbps down / 300 ms RTT, CDP), imports the code editor chunk
// (with the CodeMirror core it needs) and then the Python highlighting chunk, as the coding view
// does when a coding question is first shown. Prints bytes on the wire and the times.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const RUNS = Number(process.argv[2] ?? 3);
const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');
const assets = path.join(dist, 'assets');
if (!existsSync(assets)) throw new Error('Build the web app first: npm run build:web');
const editorChunk = readdirSync(assets).find((f) => /^code-editor-.*\.js$/.test(f))!;
const pythonChunk = /python:e\}=await import\(`\.\/([^`]+)`\)/.exec(
  readFileSync(path.join(assets, editorChunk), 'utf8'),
)![1];
const appChunk = readdirSync(assets).find((f) => /^app-.*\.js$/.test(f))!;
const LINK = { latency: 300, downloadThroughput: (0.3 * 1e6) / 8, uploadThroughput: (0.3 * 1e6) / 8 };

const server = createServer((req, res) => {
  const url = (req.url ?? '/').split('?')[0]!;
  if (url === '/') {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>editor load</title>');
    return;
  }
  const file = path.join(dist, path.normalize(url));
  if (!file.startsWith(dist) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  const body = gzipSync(readFileSync(file), { level: 9 });
  res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip' }).end(body);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
console.log(`loadavg: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
for (let i = 0; i < RUNS; i++) {
  const page = await browser.newPage();
  let bytes = 0;
  page.on('requestfinished', (r) => void r.sizes().then((s) => (bytes += s.responseBodySize + s.responseHeadersSize)));
  await page.goto(base);
  // The app chunk (and what it imports) is already in a candidate's browser when a coding
  // question opens: load it first, unthrottled and uncounted (it fails to mount here: no #root).
  await page.evaluate((u) => import(u).catch(() => undefined), `${base}/assets/${appChunk}`);
  await page.waitForTimeout(200);
  bytes = 0;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
  const [editorMs, pythonMs] = await page.evaluate(
    async ([a, b]) => {
      const t0 = performance.now();
      await import(a).catch(() => undefined);
      const t1 = performance.now();
      await import(b).catch(() => undefined);
      return [t1 - t0, performance.now() - t1];
    },
    [`${base}/assets/${editorChunk}`, `${base}/assets/${pythonChunk}`],
  );
  await page.waitForTimeout(200);
  console.log(
    `run ${i + 1}: editor + CodeMirror core ${(editorMs / 1000).toFixed(2)} s, Python highlighting +${(pythonMs / 1000).toFixed(2)} s, ${(bytes / 1024).toFixed(1)} KB on the wire`,
  );
  await page.close();
}
await browser.close();
server.close();
