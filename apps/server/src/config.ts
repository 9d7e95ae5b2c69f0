import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');

export type Role = 'all' | 'api' | 'worker' | 'analysis';

export interface AppConfig {
  port: number;
  host: string;
  /** Where PGlite and media live in the embedded default. */
  dataDir: string;
  /** postgres://... switches to a PostgreSQL server. */
  databaseUrl?: string;
  role: Role;
  /** A session with no request for this long is expired. */
  sessionIdleMinutes: number;
  /** Failed sign-ins before an account locks, and for how long. */
  maxLoginAttempts: number;
  lockMinutes: number;
  /** Sign-in attempts allowed per IP per minute. */
  loginRatePerMinute: number;
  /** Built SPA to serve; absent means API only. */
  webDist?: string;
  logLevel: string;
  /** Start the pg-boss queue (and workers when the role runs them). */
  queue: boolean;
  /** Fill the demo data on start when the database is empty. */
  seedOnStart: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const role = (env.ROLE ?? 'all') as Role;
  if (!['all', 'api', 'worker', 'analysis'].includes(role))
    throw new Error(`ROLE must be all, api, worker or analysis (got ${role})`);
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    role,
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 120),
    maxLoginAttempts: Number(env.MAX_LOGIN_ATTEMPTS ?? 5),
    lockMinutes: Number(env.LOCK_MINUTES ?? 15),
    loginRatePerMinute: Number(env.LOGIN_RATE_PER_MINUTE ?? 30),
    webDist: env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    queue: env.QUEUE !== 'off',
    seedOnStart: env.SEED_ON_START !== 'off',
  };
}
