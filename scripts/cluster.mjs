#!/usr/bin/env node
// The production shape on one machine (issue 16, docs/deploy.md): HAProxy in front of two API
// nodes, a worker and an analysis node, all on the PostgreSQL server of DATABASE_URL.
//
//   npm run cluster            starts it in the background (logs and pids under .cluster/)
//   npm run cluster -- stop    stops every part (SIGTERM: each node drains first)
//   npm run cluster -- status  shows which parts run and what /readyz says
//
// Ports: balancer PORT (8080), API nodes PORT+1 and PORT+2, worker PORT+3, analysis PORT+4,
// HAProxy statistics PORT+5 (/stats). CLUSTER_ANALYSIS=off leaves the analysis node out (the API
// nodes then analyse in-process; the short fault suite uses it to spare the CPU).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, '.cluster');
const pidsFile = path.join(dir, 'pids.json');
const base = Number(process.env.PORT ?? 8080);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/invigil';
const withAnalysis = process.env.CLUSTER_ANALYSIS !== 'off';
const ports = { lb: base, api1: base + 1, api2: base + 2, worker: base + 3, analysis: base + 4, stats: base + 5 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const readPids = () => (existsSync(pidsFile) ? JSON.parse(readFileSync(pidsFile, 'utf8')) : {});

async function ready(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  return false;
}

/** Secrets every API node must share (auto-login links, item ids, the analysis token): made once. */
function secrets() {
  const file = path.join(dir, 'secrets.json');
  if (!existsSync(file)) {
    const s = () => randomBytes(32).toString('base64url');
    writeFileSync(file, JSON.stringify({ autoLogin: s(), itemIds: s(), analysis: s() }), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Creates DATABASE_URL's database when the server has no such database yet. */
async function ensureDatabase() {
  const probe = new pg.Client({ connectionString: databaseUrl });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (e) {
    await probe.end().catch(() => undefined);
    if (e?.code !== '3D000')
      throw new Error(`Cannot reach PostgreSQL at DATABASE_URL (${e?.message ?? e})`, { cause: e });
  }
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  await admin.end();
  console.log(`created database ${name}`);
}

function haproxyConfig() {
  const server = (name, port) =>
    `  server ${name} 127.0.0.1:${port} check inter 1s fall 2 rise 2 observe layer7 error-limit 10 on-error mark-down`;
  return `global
  maxconn 4000
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A node that dies mid-request: try the other (saves are idempotent by their seq).
  option redispatch
  retries 2
  retry-on conn-failure empty-response
frontend invigil
  bind 127.0.0.1:${ports.lb}
  option forwardfor
  default_backend api
backend api
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
${server('api1', ports.api1)}
${server('api2', ports.api2)}
listen stats
  bind 127.0.0.1:${ports.stats}
  stats enable
  stats uri /stats
`;
}

function start(name, cmd, args, env) {
  const out = openSync(path.join(dir, `${name}.log`), 'a');
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', out, out],
  });
  child.unref();
  return child.pid;
}

async function up() {
  if (Object.values(readPids()).some(alive)) {
    console.error('The cluster is already running (npm run cluster -- stop first).');
    process.exit(1);
  }
  if (spawnSync('haproxy', ['-v']).status !== 0) {
    console.error("HAProxy is missing: run 'sudo apt-get install -y haproxy' (Debian) and retry.");
    process.exit(1);
  }
  mkdirSync(dir, { recursive: true });
  try {
    await ensureDatabase();
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
  const s = secrets();
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    console.log('building the web app...');
    if (spawnSync('npm', ['run', 'build:web', '--silent'], { cwd: root, stdio: 'inherit' }).status !== 0)
      process.exit(1);
  }
  const common = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dir, 'data'),
    AUTO_LOGIN_SECRET: s.autoLogin,
    ITEM_ID_SECRET: s.itemIds,
    ANALYSIS_URL: withAnalysis ? `http://127.0.0.1:${ports.analysis}` : '',
    ANALYSIS_TOKEN: s.analysis,
    TRUST_PROXY: 'loopback',
    SHUTDOWN_DRAIN_MS: '3000',
  };
  const node = ['--import', 'tsx', 'apps/server/src/server.ts'];
  const pids = {};
  if (withAnalysis)
    pids.analysis = start('analysis', 'node', node, {
      ...common,
      ROLE: 'analysis',
      ANALYSIS_PORT: String(ports.analysis),
      ANALYSIS_URL: '',
    });
  // The worker migrates and seeds the database first; the API nodes start on a ready schema.
  pids.worker = start('worker', 'node', node, { ...common, ROLE: 'worker', PORT: String(ports.worker) });
  writeFileSync(pidsFile, JSON.stringify(pids));
  if (!(await ready(`http://127.0.0.1:${ports.worker}/readyz`, 180_000))) {
    console.error(`The worker did not become ready; see ${path.join(dir, 'worker.log')}`);
    process.exit(1);
  }
  pids.api1 = start('api1', 'node', node, { ...common, ROLE: 'api', PORT: String(ports.api1) });
  pids.api2 = start('api2', 'node', node, { ...common, ROLE: 'api', PORT: String(ports.api2) });
  writeFileSync(path.join(dir, 'haproxy.cfg'), haproxyConfig());
  pids.haproxy = start('haproxy', 'haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')], {});
  writeFileSync(pidsFile, JSON.stringify(pids));
  const ok = await ready(`http://127.0.0.1:${ports.lb}/readyz`, 180_000);
  await status();
  if (!ok) process.exit(1);
  console.log(
    `\nInvigil cluster on http://localhost:${ports.lb} (HAProxy statistics: http://localhost:${ports.stats}/stats)`,
  );
}

async function status() {
  const pids = readPids();
  const urls = {
    haproxy: `http://127.0.0.1:${ports.lb}/readyz`,
    api1: `http://127.0.0.1:${ports.api1}/readyz`,
    api2: `http://127.0.0.1:${ports.api2}/readyz`,
    worker: `http://127.0.0.1:${ports.worker}/readyz`,
    analysis: `http://127.0.0.1:${ports.analysis}/healthz`,
  };
  for (const [name, url] of Object.entries(urls)) {
    const pid = pids[name];
    let state = pid && alive(pid) ? 'running' : 'stopped';
    if (state === 'running') {
      try {
        state += `, ${(await fetch(url)).status}`;
      } catch {
        state += ', not answering';
      }
    }
    console.log(`${name.padEnd(9)} pid ${String(pid ?? '-').padEnd(8)} ${state}`);
  }
}

async function down() {
  const pids = readPids();
  // API nodes drain first (readyz 503, the balancer moves traffic), then the rest.
  const order = ['api1', 'api2', 'worker', 'analysis', 'haproxy'];
  for (const name of order) if (pids[name] && alive(pids[name])) process.kill(pids[name], 'SIGTERM');
  const until = Date.now() + 15_000;
  while (order.some((n) => pids[n] && alive(pids[n])) && Date.now() < until) await sleep(200);
  for (const name of order) if (pids[name] && alive(pids[name])) process.kill(pids[name], 'SIGKILL');
  writeFileSync(pidsFile, '{}');
  console.log('cluster stopped');
}

const action = process.argv[2] ?? 'start';
if (action === 'start') await up();
else if (action === 'stop') await down();
else if (action === 'status') await status();
else {
  console.error('usage: npm run cluster [-- start|stop|status]');
  process.exit(2);
}
