import { createLocalAnalyzer } from '../analyzer.ts';
import { startAnalysisServer } from './analysis-server.ts';

export interface AnalysisRoleOptions {
  port: number;
  host: string;
  /** Bearer token the API nodes must send. */
  token?: string;
  workers?: number;
  maxQueue?: number;
}

/** Runs the analysis role: warm worker threads behind the internal HTTP API, until SIGTERM/SIGINT. */
export async function runAnalysisRole(options: AnalysisRoleOptions): Promise<void> {
  const analyzer = createLocalAnalyzer({ workers: options.workers, maxQueue: options.maxQueue });
  await analyzer.pool.start(); // models warm before the first request
  const server = await startAnalysisServer({
    analyzer,
    port: options.port,
    host: options.host,
    token: options.token,
  });
  console.log(JSON.stringify({ msg: 'analysis role listening', url: server.url, workers: analyzer.pool.size }));
  const stop = async () => {
    await server.close();
    await analyzer.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
