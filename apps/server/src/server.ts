import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { shutDown } from './lib/graceful-shutdown.ts';

function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    // A bad variable is an operator's mistake: say which, no stack trace.
    console.error(e.message);
    process.exit(1);
  }
}

const config = configOrExit();

async function serve() {
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Invigil (${config.role}) on http://localhost:${config.port} using ${app.ctx.database.kind}`);
  // SIGTERM (a deployment, the cluster's stop) drains first; Ctrl-C stops at once, still gracefully.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void shutDown(app, signal === 'SIGTERM' ? config.shutdownDrainMs : 0).then((code) => process.exit(code));
    });
  }
}

if (config.role === 'analysis') {
  // Proctoring analysis on its own (workers with warm models behind an internal HTTP API);
  // API nodes reach it through ANALYSIS_URL.
  const { runAnalysisRole } = await import('@invigil/analysis/role/run-role');
  const { port, host, token, workers, maxQueue } = config.analysis;
  await runAnalysisRole({ port, host, token, workers, maxQueue });
} else {
  await serve();
}
