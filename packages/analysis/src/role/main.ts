/**
 * `node --import tsx packages/analysis/src/role/main.ts` runs the analysis role on its own:
 * ANALYSIS_PORT (default 4100), ANALYSIS_HOST (127.0.0.1), ANALYSIS_TOKEN, ANALYSIS_WORKERS,
 * ANALYSIS_MAX_QUEUE. The API then points ANALYSIS_URL at it. (The server's ROLE=analysis
 * reads the same variables through its config and calls runAnalysisRole.)
 */
import { runAnalysisRole } from './run-role.ts';

const env = process.env;
await runAnalysisRole({
  workers: env.ANALYSIS_WORKERS ? Number(env.ANALYSIS_WORKERS) : undefined,
  maxQueue: env.ANALYSIS_MAX_QUEUE ? Number(env.ANALYSIS_MAX_QUEUE) : undefined,
  port: Number(env.ANALYSIS_PORT ?? 4100),
  host: env.ANALYSIS_HOST ?? '127.0.0.1',
  token: env.ANALYSIS_TOKEN,
});
