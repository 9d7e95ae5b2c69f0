/**
 * `node --import tsx packages/analysis/src/role/main.ts` runs the analysis role on its own:
 * ANALYSIS_PORT (default 4100), ANALYSIS_HOST (127.0.0.1), ANALYSIS_TOKEN, ANALYSIS_WORKERS,
 * ANALYSIS_MAX_QUEUE. The API then points ANALYSIS_URL at it.
 */
import { createLocalAnalyzer } from '../analyzer.ts';
import { startAnalysisServer } from './analysis-server.ts';

const env = process.env;
const analyzer = createLocalAnalyzer({
  workers: env.ANALYSIS_WORKERS ? Number(env.ANALYSIS_WORKERS) : undefined,
  maxQueue: env.ANALYSIS_MAX_QUEUE ? Number(env.ANALYSIS_MAX_QUEUE) : undefined,
});
await analyzer.pool.start(); // models warm before the first request
const server = await startAnalysisServer({
  analyzer,
  port: Number(env.ANALYSIS_PORT ?? 4100),
  host: env.ANALYSIS_HOST ?? '127.0.0.1',
  token: env.ANALYSIS_TOKEN,
});
console.log(JSON.stringify({ msg: 'analysis role listening', url: server.url, workers: analyzer.pool.size }));
const stop = async () => {
  await server.close();
  await analyzer.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
