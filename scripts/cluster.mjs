#!/usr/bin/env node
// The production shape on one machine (issue 16, docs/deploy.md): HAProxy in front of two API
// nodes, a worker and an analysis node, all on the PostgreSQL server of DATABASE_URL.
//
//   npm run cluster            starts it in the background (logs and pids under .cluster/)
//   npm run cluster -- stop    stops every part (SIGTERM: each node drains first)
//   npm run cluster -- status  shows which parts run and what /readyz says
//   npm run cluster -- restart worker   starts one part again (after a kill), with the same settings
//
// Ports: balancer PORT (8080), API nodes PORT+1 and PORT+2, worker PORT+3, analysis PORT+4,
// HAProxy statistics PORT+5 (/stats), further workers PORT+6... CLUSTER_ANALYSIS=off leaves the
// analysis node out (the API nodes then analyse in-process; the short fault suite uses it to spare
// the CPU). CLUSTER_WORKERS=2 starts two workers (worker, worker2) sharing the job queues.
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
const workers = Math.max(1, Number(process.env.CLUSTER_WORKERS ?? 1));
const ports = { lb: base, api1: base + 1, api2: base + 2, worker: base + 3, analysis: base + 4, stats: base + 5 };
const workerNames = ['worker'];
for (let i = 2; i <= workers; i++) {
  workerNames.push(`worker${i}`);
  ports[`worker${i}`] = base + 4 + i;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A killed part whose parent (this script, long gone) left it to an init that does not reap
  // is a zombie: dead, though signals still reach its pid.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
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

/** Secrets every API node must share (auto-login links, item ids, the analysis token, media URLs): made once. */
function secrets() {
  const file = path.join(dir, 'secrets.json');
  if (!existsSync(file)) {
    const s = () => randomBytes(32).toString('base64url');
    writeFileSync(file, JSON.stringify({ autoLogin: s(), itemIds: s(), analysis: s(), mediaUrls: s() }), {
      mode: 0o600,
    });
  }
  const secrets = JSON.parse(readFileSync(file, 'utf8'));
  // A secrets file from before signed media URLs: add their key once.
  if (!secrets.mediaUrls) {
    secrets.mediaUrls = randomBytes(32).toString('base64url');
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
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

const node = ['--import', 'tsx', 'apps/server/src/server.ts'];

/** Each node's settings (the same on a start and on a restart of one part). */
function nodeEnv(name) {
  const s = secrets();
  const common = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dir, 'data'),
    AUTO_LOGIN_SECRET: s.autoLogin,
    ITEM_ID_SECRET: s.itemIds,
    MEDIA_URL_SECRET: s.mediaUrls,
    ANALYSIS_URL: withAnalysis ? `http://127.0.0.1:${ports.analysis}` : '',
    ANALYSIS_TOKEN: s.analysis,
    TRUST_PROXY: 'loopback',
    SHUTDOWN_DRAIN_MS: '3000',
  };
  if (name === 'analysis')
    return { ...common, ROLE: 'analysis', ANALYSIS_PORT: String(ports.analysis), ANALYSIS_URL: '' };
  if (workerNames.includes(name)) return { ...common, ROLE: 'worker', PORT: String(ports[name]) };
  return { ...common, ROLE: 'api', PORT: String(ports[name]) };
}

function startPart(name) {
  if (name === 'haproxy') return start('haproxy', 'haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')], {});
  return start(name, 'node', node, nodeEnv(name));
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
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    console.log('building the web app...');
    if (spawnSync('npm', ['run', 'build:web', '--silent'], { cwd: root, stdio: 'inherit' }).status !== 0)
      process.exit(1);
  }
  const pids = {};
  if (withAnalysis) pids.analysis = startPart('analysis');
  // The worker migrates and seeds the database first; the API nodes start on a ready schema.
  pids.worker = startPart('worker');
  writeFileSync(pidsFile, JSON.stringify(pids));
  if (!(await ready(`http://127.0.0.1:${ports.worker}/readyz`, 180_000))) {
    console.error(`The worker did not become ready; see ${path.join(dir, 'worker.log')}`);
    process.exit(1);
  }
  for (const name of workerNames.slice(1)) pids[name] = startPart(name);
  pids.api1 = startPart('api1');
  pids.api2 = startPart('api2');
  writeFileSync(pidsFile, JSON.stringify(pids));
  // Both API nodes answer before the balancer starts: a balancer that starts first marks a node
  // still loading as down and, for the 2 s its checks take to rise again, answers 503 to all.
  for (const name of ['api1', 'api2']) {
    if (!(await ready(`http://127.0.0.1:${ports[name]}/readyz`, 180_000))) {
      console.error(`${name} did not become ready; see ${path.join(dir, `${name}.log`)}`);
      process.exit(1);
    }
  }
  writeFileSync(path.join(dir, 'haproxy.cfg'), haproxyConfig());
  pids.haproxy = startPart('haproxy');
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
    ...Object.fromEntries(workerNames.map((n) => [n, `http://127.0.0.1:${ports[n]}/readyz`])),
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
  const rest = Object.keys(pids).filter((n) => !['api1', 'api2', 'haproxy'].includes(n));
  const order = ['api1', 'api2', ...rest, 'haproxy'];
  for (const name of order) if (pids[name] && alive(pids[name])) process.kill(pids[name], 'SIGTERM');
  const until = Date.now() + 15_000;
  while (order.some((n) => pids[n] && alive(pids[n])) && Date.now() < until) await sleep(200);
  for (const name of order) if (pids[name] && alive(pids[name])) process.kill(pids[name], 'SIGKILL');
  writeFileSync(pidsFile, '{}');
  console.log('cluster stopped');
}

/** Starts one part again (after a kill), with the settings it had; waits until it is ready. */
async function restart(name) {
  const pids = readPids();
  if (!(name in ports) || name === 'lb' || name === 'stats') {
    console.error(`usage: npm run cluster -- restart <${Object.keys(pids).join('|')}>`);
    process.exit(2);
  }
  if (pids[name] && alive(pids[name])) {
    console.error(`${name} is running (pid ${pids[name]}); stop it first.`);
    process.exit(1);
  }
  pids[name] = startPart(name);
  writeFileSync(pidsFile, JSON.stringify(pids));
  const url =
    name === 'analysis' ? `http://127.0.0.1:${ports.analysis}/healthz` : `http://127.0.0.1:${ports[name]}/readyz`;
  if (!(await ready(url, 180_000))) {
    console.error(`${name} did not become ready; see ${path.join(dir, `${name}.log`)}`);
    process.exit(1);
  }
  console.log(`${name} restarted (pid ${pids[name]})`);
}

const action = process.argv[2] ?? 'start';
if (action === 'start') await up();
else if (action === 'restart') await restart(process.argv[3]);
else if (action === 'stop') await down();
else if (action === 'status') await status();
else {
  console.error('usage: npm run cluster [-- start|stop|status|restart <part>]');
  process.exit(2);
}
