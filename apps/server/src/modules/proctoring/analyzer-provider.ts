import { createLocalAnalyzer, createRemoteAnalyzer, type Analyzer } from '@invigil/analysis';

/**
 * The analysis engine is created on first use (so API tests that never analyse a picture never
 * load a model): worker threads in this process, or the separate `analysis` role when
 * ANALYSIS_URL is set (ANALYSIS_TOKEN is sent as its bearer token).
 */
export class AnalyzerProvider {
  private analyzer: Analyzer | null = null;

  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  get(): Analyzer {
    if (!this.analyzer) {
      const { ANALYSIS_URL, ANALYSIS_TOKEN, ANALYSIS_WORKERS, ANALYSIS_MAX_QUEUE } = this.env;
      this.analyzer = ANALYSIS_URL
        ? createRemoteAnalyzer(ANALYSIS_URL, ANALYSIS_TOKEN)
        : createLocalAnalyzer({
            workers: ANALYSIS_WORKERS ? Number(ANALYSIS_WORKERS) : undefined,
            maxQueue: ANALYSIS_MAX_QUEUE ? Number(ANALYSIS_MAX_QUEUE) : undefined,
          });
    }
    return this.analyzer;
  }

  get started(): boolean {
    return this.analyzer !== null;
  }

  async close(): Promise<void> {
    await this.analyzer?.close();
    this.analyzer = null;
  }
}
