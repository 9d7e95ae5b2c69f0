// Web load bench (issue 3): gzipped JS+CSS of the login and dashboard routes, and the time until
// the dashboard is interactive in Chromium throttled to 0.3 Mbps down / 300 ms RTT (CDP).
// Route sizes are measured as the route budget test measures them (e2e/support/route-assets.ts).
// Usage: node --import tsx bench/web-load/run.ts [--no-build] [--runs N] [--gzip]
// Starts its own server (built SPA, fresh embedded database with the demo seed) on a free port.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import {
  describeRoute,
  interactive,
  measureRoutes,
  ROUTE_USER,
  signInCookies,
} from '../../e2e/support/route-assets.ts';

const root = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 2;
const USER = ROUTE_USER;
const LINK = { latency: 300, downloadThroughput: (0.3 * 1e6) / 8, uploadThroughput: (0.3 * 1e6) / 8 };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'invigil-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_MINUTE: '1000',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok)
        return {
          base,
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

/**
 * --gzip: a what-if for the lead. A bench-only proxy in front of the server that gzips text
 * responses (as @fastify/compress or precompressed assets would), to show the effect on the link.
 */
async function gzipProxy(target: string) {
  const port = await freePort();
  const t = new URL(target);
  const server = createHttpServer((req, res) => {
    const up = httpRequest(
      {
        host: t.hostname,
        port: t.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: t.host, 'accept-encoding': 'identity' },
      },
      (upRes) => {
        const chunks: Buffer[] = [];
        upRes.on('data', (c) => chunks.push(c));
        upRes.on('end', () => {
          let body = Buffer.concat(chunks);
          const headers = { ...upRes.headers };
          const type = String(headers['content-type'] ?? '');
          if (
            /gzip/.test(String(req.headers['accept-encoding'])) &&
            /javascript|css|json|html|svg/.test(type) &&
            body.length > 1024
          ) {
            body = gzipSync(body);
            headers['content-encoding'] = 'gzip';
            headers['content-length'] = String(body.length);
            delete headers['transfer-encoding'];
          }
          res.writeHead(upRes.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    up.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
  return cdp;
}

async function main() {
  if (!args.includes('--no-build')) execSync('npm run build:web --silent', { cwd: root, stdio: 'ignore' });
  const backend = await startServer();
  const proxy = args.includes('--gzip') ? await gzipProxy(backend.base) : null;
  const server = { base: proxy?.base ?? backend.base };
  console.log(proxy ? 'Mode: text responses gzipped by a bench proxy (what-if)' : 'Mode: as the server serves today');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    // 1. What each route loads (unthrottled, cold cache).
    const sizes = await measureRoutes(browser, server.base);
    for (const [route, list] of Object.entries(sizes)) console.log(`\n${describeRoute(route, list).join('\n')}`);

    // 2. Dashboard interactive time at 0.3 Mbps / 300 ms RTT.
    const times: Record<string, number[]> = {
      'dashboard, cold cache': [],
      'sign-in click to dashboard, login assets cached': [],
    };
    for (let i = 0; i < runs; i++) {
      {
        const ctx = await browser.newContext();
        await signInCookies(ctx, server.base);
        const page = await ctx.newPage();
        await throttle(page);
        const t0 = Date.now();
        await page.goto(`${server.base}/v2/user/dashboard`, { timeout: 180_000 });
        await interactive(page);
        times['dashboard, cold cache'].push(Date.now() - t0);
        await ctx.close();
      }
      {
        const ctx = await browser.newContext();
        const page = await ctx.newPage();
        await page.goto(`${server.base}/v2/user/login`, { waitUntil: 'networkidle' });
        await throttle(page);
        await page.getByLabel('Username').fill(USER.email);
        await page.getByLabel('Password').fill(USER.password);
        const t0 = Date.now();
        await page.getByRole('button', { name: 'Sign In' }).click();
        const warning = page.getByRole('dialog', { name: 'System Warning' });
        const raced = await Promise.race([
          interactive(page).then(() => 'ready'),
          warning.waitFor({ timeout: 180_000 }).then(() => 'warning'),
        ]);
        if (raced === 'warning') {
          await warning.getByRole('button', { name: 'Yes' }).click();
          await interactive(page);
        }
        times['sign-in click to dashboard, login assets cached'].push(Date.now() - t0);
        await ctx.close();
      }
    }
    console.log(`\nInteractive at 0.3 Mbps down / 300 ms RTT (CDP), ${runs} runs:`);
    for (const [k, v] of Object.entries(times))
      console.log(`  ${k}: ${v.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  } finally {
    await browser.close();
    proxy?.stop();
    backend.stop();
  }
}

await main();
