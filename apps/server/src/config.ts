import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { S3Settings } from './lib/media/s3-media-storage.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

const ROLES = ['all', 'api', 'worker', 'analysis'] as const;
type Role = (typeof ROLES)[number];

/** Development only: production sets ITEM_ID_SECRET (README). */
const DEV_ITEM_ID_SECRET = 'invigil-dev-item-ids';

/** An unset or empty variable takes the default. */
const unset = (v: unknown) => (v === '' ? undefined : v);
const text = () => z.preprocess(unset, z.string().optional());
const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    unset,
    z.coerce
      .number({ error: `must be a whole number from ${min} to ${max}` })
      .int({ error: `must be a whole number from ${min} to ${max}` })
      .min(min, { error: `must be a whole number from ${min} to ${max}` })
      .max(max, { error: `must be a whole number from ${min} to ${max}` })
      .optional(),
  );
/** Minutes may be fractional (a test sets LOCK_MINUTES=0.05 for a 3-second lock). */
const minutes = (min: number) =>
  z.preprocess(
    unset,
    z.coerce
      .number({ error: `must be a number of minutes, at least ${min}` })
      .min(min, { error: `must be a number of minutes, at least ${min}` })
      .max(525_600, { error: 'must be a number of minutes, at most 525600 (a year)' })
      .optional(),
  );
const onOff = () => z.preprocess(unset, z.enum(['on', 'off'], { error: 'must be on or off' }).optional());
const url = () => z.preprocess(unset, z.url({ error: 'must be a URL' }).optional());

/** proxy-addr's names for address ranges, besides addresses and CIDRs. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}
/** A comma-separated list of proxy addresses or CIDRs; empty: none. */
const proxyList = () =>
  z.preprocess(
    unset,
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every(isProxyAddress), {
        error: 'must be comma-separated IP addresses or CIDRs (or loopback, linklocal, uniquelocal)',
      })
      .optional(),
  );

/**
 * Every environment variable the server process reads, read here once. README.md's table in
 * "Running" lists exactly these keys (a test checks it). Defaults are applied in loadConfig.
 */
export const EnvSchema = z.object({
  PORT: int(0, 65535),
  HOST: text(),
  DATA_DIR: text(),
  DATABASE_URL: url(),
  ROLE: z.preprocess(unset, z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }).optional()),
  SESSION_IDLE_MINUTES: minutes(0.1),
  SESSION_CACHE_MS: int(0),
  MAX_LOGIN_ATTEMPTS: int(1),
  LOCK_MINUTES: minutes(0),
  LOGIN_RATE_PER_MINUTE: int(1),
  TRUST_PROXY: proxyList(),
  AUTO_LOGIN_SECRET: text(),
  AUTO_LOGIN_TTL_MINUTES: minutes(0.1),
  HSTS_MAX_AGE: int(0, 63_072_000),
  WEB_DIST: text(),
  LOG_LEVEL: z.preprocess(
    unset,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be fatal, error, warn, info, debug, trace or silent',
      })
      .optional(),
  ),
  QUEUE: onOff(),
  SEED_ON_START: onOff(),
  EXAM_SWEEP_INTERVAL_MS: int(100),
  SCORE_RESCUE_AFTER_SECONDS: int(1),
  SAVE_BATCH_CONCURRENCY: int(1),
  SAVE_BATCH_ROWS: int(1),
  ANALYSIS_URL: url(),
  ANALYSIS_TOKEN: text(),
  ANALYSIS_WORKERS: int(1),
  ANALYSIS_MAX_QUEUE: int(0),
  ANALYSIS_PORT: int(0, 65535),
  ANALYSIS_HOST: text(),
  JUDGE0_URL: url(),
  JUDGE0_AUTH_TOKEN: text(),
  SANDBOX_CONCURRENCY: int(1),
  SANDBOX_QUEUE_SIZE: int(0),
  SANDBOX_UID_BASE: int(1000),
  CODE_RUNS_PER_USER: int(1),
  CODE_RUNS_PER_MINUTE: int(1),
  FACE_ANALYSIS_PER_MINUTE: int(1),
  PROCTORING_SAMPLES_PER_MINUTE: int(1),
  PROCTORING_PICTURE_MB_PER_ATTEMPT: int(1),
  MYSQL_URL: url(),
  SNAPSHOT_KEEP: int(1, 1000),
  SNAPSHOT_MAX_KB: int(1, 8192),
  ITEM_ID_SECRET: text(),
  METRICS_TOKEN: text(),
  SHUTDOWN_DRAIN_MS: int(0, 60_000),
  DB_POOL_SIZE: int(1, 1000),
  DB_POOL_WAIT_MS: int(100, 600_000),
  IMPORT_MAX_MB: int(1, 1024),
  INVITE_TTL_HOURS: int(1, 24 * 90),
  PUBLIC_URL: url(),
  MEDIA_STORE: z.preprocess(unset, z.enum(['local', 's3'], { error: 'must be local or s3' }).optional()),
  MEDIA_MAX_OBJECT_MB: int(1, 5 * 1024 * 1024),
  MEDIA_URL_SECRET: text(),
  MEDIA_URL_TTL_SECONDS: int(10, 86_400),
  S3_ENDPOINT: url(),
  S3_REGION: text(),
  S3_BUCKET: z.preprocess(
    unset,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be an S3 bucket name (3-63 of a-z 0-9 . -)' })
      .optional(),
  ),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_FORCE_PATH_STYLE: onOff(),
  S3_PREFIX: z.preprocess(
    unset,
    z
      .string()
      .refine((v) => /^([A-Za-z0-9._-]+\/)+$/.test(v) && !v.split('/').some((p) => p === '.' || p === '..'), {
        error: 'must be path segments of A-Z a-z 0-9 . _ - ending in / (invigil/), without . or ..',
      })
      .optional(),
  ),
});

export interface AppConfig {
  port: number;
  host: string;
  /** Where PGlite, media and generated keys live. */
  dataDir: string;
  /** postgres://... switches to a PostgreSQL server. */
  databaseUrl?: string;
  role: Role;
  /** A session with no request for this long is expired. */
  sessionIdleMinutes: number;
  /** How long a checked session is trusted without asking the database again (at most 5 s). */
  sessionCacheMs: number;
  /** Failed sign-ins before an account locks, and for how long. */
  maxLoginAttempts: number;
  lockMinutes: number;
  /** Sign-in attempts allowed per IP per minute. */
  loginRatePerMinute: number;
  /**
   * Proxies (addresses, CIDRs) whose X-Forwarded-For / -Proto / -Host are believed; empty: the
   * client's address is the socket's, whatever headers it sends.
   */
  trustProxy: string[];
  /** HMAC key of auto-login links; absent: a key generated under dataDir. */
  autoLoginSecret?: string;
  /** How long a signed auto-login link works after it was issued (and only on its UTC day). */
  autoLoginTtlMinutes: number;
  /** Strict-Transport-Security max-age in seconds on https requests; 0: no HSTS header. */
  hstsMaxAge: number;
  /** Built SPA to serve; absent means API only. */
  webDist?: string;
  logLevel: string;
  /** Start the pg-boss queue (and workers when the role runs them). */
  queue: boolean;
  /** Fill the demo data on start when the database is empty. */
  seedOnStart: boolean;
  /** How often a worker closes attempts whose deadline passed. */
  examSweepIntervalMs: number;
  /** The sweep scores a submitted attempt still without its result this long after it closed (its job was lost). */
  scoreRescueAfterSeconds: number;
  /** Group commit of progress saves: batches in flight, rows per statement. */
  saveBatchConcurrency: number;
  saveBatchRows: number;
  /**
   * Proctoring analysis: the separate analysis role (url, token), or local worker threads; port
   * and host are where this process listens when it is the analysis role.
   */
  analysis: { url?: string; token?: string; workers?: number; maxQueue?: number; port: number; host: string };
  /** Code runner: Judge0 when judge0Url is set, the local sandbox otherwise. */
  sandbox: { judge0Url?: string; judge0AuthToken?: string; concurrency: number; queueSize: number; uidBase: number };
  /** Fair share of the code runner (ADR 0090): runs one user may have in flight, and start per minute. */
  codeRuns: { perUser: number; perMinute: number };
  /**
   * Calls of single-face and face-match one user may make per minute, then 429 (ADR 0190): the
   * product's own pages never call them, so a limit keeps them from being an unmetered oracle.
   */
  faceAnalysisPerMinute: number;
  /**
   * Proctoring pictures and speaker samples (photoCheck, saveImage, saveErrorImage,
   * savePrimaryImage, getaudio) one user may send per minute, then 429: each is stored or
   * analysed, and the pages send one of each per photo_timer.
   */
  proctoringSamplesPerMinute: number;
  /**
   * Megabytes of proctoring pictures one attempt keeps, then 409: every picture is stored (up to
   * 6 MB each), and the camera's are about 50 KB (ADR 0227).
   */
  proctoringPictureMbPerAttempt: number;
  /** MySQL server for SQL questions in the mysql dialect (the sandbox's default when absent). */
  mysqlUrl?: string;
  /** Full-form progress snapshots (ADR 0070): newest versions kept per attempt, and one snapshot's size limit. */
  snapshots: { keep: number; maxKb: number };
  /**
   * HMAC key of the opaque matching item ids sent to candidates (ADR 0070). The same on every
   * API node; the built-in default is for development only.
   */
  itemIdSecret: string;
  /** Bearer token of GET /metrics; absent: only direct requests from this machine (loopback) may read it. */
  metricsToken?: string;
  /** On SIGTERM, how long /readyz answers 503 before the server stops taking requests (the balancer moves traffic). */
  shutdownDrainMs: number;
  /** PostgreSQL pool: connections, and how long a query waits for one before 503 (back-pressure, never 500). */
  dbPool: { size: number; waitMs: number };
  /**
   * Content import (issue 17): the largest QTI package or extension document accepted (MB), and
   * how long a roster's set-password link works (hours).
   */
  imports: { maxBytes: number; inviteTtlHours: number };
  /** The address users reach the web app at (links in roster reports); absent: the request's own origin. */
  publicUrl?: string;
  /**
   * Media storage (ADR 0150): local disk under dataDir/media, or an S3-compatible store; the
   * largest object accepted; the HMAC key and lifetime of signed media URLs (absent key: one
   * generated under dataDir/secrets).
   */
  media: {
    store: 'local' | 's3';
    s3: S3Settings | null;
    maxObjectMb: number;
    urlSecret?: string;
    urlTtlSeconds: number;
  };
}

/** A bad environment value: the message names the variable and what it expects. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function describeIssues(error: z.ZodError, env: Record<string, string | undefined>): string {
  const lines = error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    return `  ${key} ${issue.message} (got ${JSON.stringify(env[key] ?? '')})`;
  });
  return `Invalid environment:\n${lines.join('\n')}`;
}

/** Reads and checks the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(describeIssues(parsed.error, env));
  const e = parsed.data;
  const sandboxConcurrency = e.SANDBOX_CONCURRENCY ?? availableParallelism();
  const store = e.MEDIA_STORE ?? 'local';
  if (store === 's3' && !e.S3_BUCKET)
    throw new ConfigError('Invalid environment:\n  S3_BUCKET must be set when MEDIA_STORE is s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new ConfigError('Invalid environment:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  return {
    port: e.PORT ?? 8080,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(e.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: e.DATABASE_URL,
    role: e.ROLE ?? 'all',
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES ?? 120,
    sessionCacheMs: Math.min(5000, e.SESSION_CACHE_MS ?? 2000),
    maxLoginAttempts: e.MAX_LOGIN_ATTEMPTS ?? 5,
    lockMinutes: e.LOCK_MINUTES ?? 15,
    loginRatePerMinute: e.LOGIN_RATE_PER_MINUTE ?? 30,
    trustProxy: e.TRUST_PROXY ?? [],
    autoLoginSecret: e.AUTO_LOGIN_SECRET,
    autoLoginTtlMinutes: e.AUTO_LOGIN_TTL_MINUTES ?? 15,
    hstsMaxAge: e.HSTS_MAX_AGE ?? 0,
    webDist: e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    logLevel: e.LOG_LEVEL ?? 'info',
    queue: e.QUEUE !== 'off',
    seedOnStart: e.SEED_ON_START !== 'off',
    examSweepIntervalMs: e.EXAM_SWEEP_INTERVAL_MS ?? 20_000,
    scoreRescueAfterSeconds: e.SCORE_RESCUE_AFTER_SECONDS ?? 60,
    saveBatchConcurrency: e.SAVE_BATCH_CONCURRENCY ?? 2,
    saveBatchRows: e.SAVE_BATCH_ROWS ?? 2000,
    analysis: {
      url: e.ANALYSIS_URL,
      token: e.ANALYSIS_TOKEN,
      workers: e.ANALYSIS_WORKERS,
      maxQueue: e.ANALYSIS_MAX_QUEUE,
      port: e.ANALYSIS_PORT ?? 4100,
      host: e.ANALYSIS_HOST ?? '127.0.0.1',
    },
    sandbox: {
      judge0Url: e.JUDGE0_URL,
      judge0AuthToken: e.JUDGE0_AUTH_TOKEN,
      concurrency: sandboxConcurrency,
      queueSize: e.SANDBOX_QUEUE_SIZE ?? sandboxConcurrency * 4,
      uidBase: e.SANDBOX_UID_BASE ?? 61000,
    },
    codeRuns: { perUser: e.CODE_RUNS_PER_USER ?? 2, perMinute: e.CODE_RUNS_PER_MINUTE ?? 20 },
    faceAnalysisPerMinute: e.FACE_ANALYSIS_PER_MINUTE ?? 20,
    proctoringSamplesPerMinute: e.PROCTORING_SAMPLES_PER_MINUTE ?? 30,
    proctoringPictureMbPerAttempt: e.PROCTORING_PICTURE_MB_PER_ATTEMPT ?? 100,
    mysqlUrl: e.MYSQL_URL,
    snapshots: { keep: e.SNAPSHOT_KEEP ?? 5, maxKb: e.SNAPSHOT_MAX_KB ?? 512 },
    itemIdSecret: e.ITEM_ID_SECRET ?? DEV_ITEM_ID_SECRET,
    metricsToken: e.METRICS_TOKEN,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? 0,
    dbPool: { size: e.DB_POOL_SIZE ?? 20, waitMs: e.DB_POOL_WAIT_MS ?? 5000 },
    imports: { maxBytes: (e.IMPORT_MAX_MB ?? 40) * 1024 * 1024, inviteTtlHours: e.INVITE_TTL_HOURS ?? 168 },
    publicUrl: e.PUBLIC_URL,
    media: {
      store,
      s3:
        store === 's3' && e.S3_BUCKET
          ? {
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION ?? 'us-east-1',
              bucket: e.S3_BUCKET,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE === 'on',
              prefix: e.S3_PREFIX ?? '',
            }
          : null,
      maxObjectMb: e.MEDIA_MAX_OBJECT_MB ?? 512,
      urlSecret: e.MEDIA_URL_SECRET,
      urlTtlSeconds: e.MEDIA_URL_TTL_SECONDS ?? 300,
    },
  };
}
