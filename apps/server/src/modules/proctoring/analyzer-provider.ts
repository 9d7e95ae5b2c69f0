import type { AppConfig } from '../../config.ts';
import { createLocalAnalyzer, createRemoteAnalyzer, type Analyzer } from '@invigil/analysis';

/**
 * The analysis engine is created on first use (so API tests that never analyse a picture never
 * load a model): worker threads in this process, or the separate `analysis` role when its URL
 * is configured (ANALYSIS_URL; ANALYSIS_TOKEN is sent as its bearer token).
 */
export class AnalyzerProvider {
  private analyzer: Analyzer | null = null;

  constructor(
    private readonly settings: AppConfig['analysis'],
    injected?: Analyzer,
  ) {
    this.analyzer = injected ?? null;
  }

  get(): Analyzer {
    if (!this.analyzer) {
      const { url, token, workers, maxQueue } = this.settings;
      this.analyzer = url ? createRemoteAnalyzer(url, token) : createLocalAnalyzer({ workers, maxQueue });
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
