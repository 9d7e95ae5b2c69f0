import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, EnvSchema, loadConfig } from '../src/config.ts';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The variable names of README's environment table (a row may name several: `A` / `B`). */
function readmeVariables(): string[] {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => l.replace(/\s/g, '') === '|variable|default|meaning|');
  expect(start, 'README has the | variable | default | meaning | table').toBeGreaterThanOrEqual(0);
  const names: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const first = line.split('|')[1] ?? '';
    names.push(...[...first.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''));
  }
  return names;
}

describe('configuration', () => {
  it("README's environment table lists exactly the variables the server reads", () => {
    const documented = readmeVariables();
    expect(new Set(documented).size, 'no variable documented twice').toBe(documented.length);
    expect([...documented].sort()).toEqual(Object.keys(EnvSchema.shape).sort());
  });

  it('an empty environment gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      role: 'all',
      databaseUrl: undefined,
      sessionIdleMinutes: 120,
      sessionCacheMs: 2000,
      maxLoginAttempts: 5,
      lockMinutes: 15,
      loginRatePerMinute: 30,
      logLevel: 'info',
      queue: true,
      seedOnStart: true,
      examSweepIntervalMs: 20_000,
      scoreRescueAfterSeconds: 60,
      saveBatchConcurrency: 2,
      saveBatchRows: 2000,
      autoLoginSecret: undefined,
      mysqlUrl: undefined,
    });
    expect(c.sandbox.uidBase).toBe(61000);
    expect(c.analysis).toMatchObject({ port: 4100, host: '127.0.0.1', url: undefined });
    expect(c.sandbox.queueSize).toBe(c.sandbox.concurrency * 4);
  });

  it('media: local disk by default; S3 needs a bucket, and both keys or neither', () => {
    expect(loadConfig({}).media).toEqual({
      store: 'local',
      s3: null,
      maxObjectMb: 512,
      urlSecret: undefined,
      urlTtlSeconds: 300,
    });
    expect(() => loadConfig({ MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET must be set when MEDIA_STORE is s3/);
    expect(() => loadConfig({ MEDIA_STORE: 'disk' })).toThrow(/MEDIA_STORE must be local or s3/);
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET must be an S3 bucket/);
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ S3_PREFIX: '../x/' })).toThrow(/S3_PREFIX/);
    const s3 = loadConfig({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'invigil-media',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_FORCE_PATH_STYLE: 'on',
      S3_PREFIX: 'site-a/',
      MEDIA_URL_TTL_SECONDS: '120',
    }).media;
    expect(s3).toMatchObject({ store: 's3', urlTtlSeconds: 120 });
    expect(s3.s3).toEqual({
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      bucket: 'invigil-media',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
      prefix: 'site-a/',
    });
  });

  it('takes fractional minutes (the e2e run locks for 3 s) and refuses a non-number', () => {
    expect(loadConfig({ LOCK_MINUTES: '0.05', SESSION_IDLE_MINUTES: '0.5' })).toMatchObject({
      lockMinutes: 0.05,
      sessionIdleMinutes: 0.5,
    });
    expect(() => loadConfig({ LOCK_MINUTES: 'soon' })).toThrow(/LOCK_MINUTES must be a number of minutes/);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
  });

  it('reads set values; empty strings take the default; the session cache is capped at 5 s', () => {
    const c = loadConfig({
      PORT: '9090',
      DATABASE_URL: '',
      ROLE: 'worker',
      QUEUE: 'off',
      SESSION_CACHE_MS: '60000',
      SAVE_BATCH_ROWS: '10',
      ANALYSIS_URL: 'http://10.0.0.5:4100',
      ANALYSIS_WORKERS: '3',
      SANDBOX_CONCURRENCY: '2',
      JUDGE0_URL: 'http://judge0:2358',
    });
    expect(c).toMatchObject({
      port: 9090,
      databaseUrl: undefined,
      role: 'worker',
      queue: false,
      sessionCacheMs: 5000,
      saveBatchRows: 10,
      analysis: { url: 'http://10.0.0.5:4100', workers: 3 },
      sandbox: { judge0Url: 'http://judge0:2358', concurrency: 2, queueSize: 8 },
    });
  });

  it('a bad value is a ConfigError naming the variable, what it expects and what it got', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT must be a whole number from 0 to 65535 \(got "abc"\)/);
    expect(() => loadConfig({ ROLE: 'everything' })).toThrow(/ROLE must be one of all, api, worker, analysis/);
    expect(() => loadConfig({ SAVE_BATCH_ROWS: '0' })).toThrow(/SAVE_BATCH_ROWS must be a whole number from 1/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL must be a URL/);
    const both = () => loadConfig({ PORT: '-1', QUEUE: 'maybe' });
    expect(both).toThrow(/PORT[\s\S]*QUEUE must be on or off/);
  });

  it('the server prints the error and exits non-zero, without a stack trace', () => {
    const server = fileURLToPath(new URL('../src/server.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { PATH: process.env.PATH, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT must be a whole number from 0 to 65535 (got "abc")');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
