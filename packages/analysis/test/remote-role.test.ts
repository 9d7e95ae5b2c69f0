import { describe, expect, it } from 'vitest';
import type { Analyzer } from '../src/analyzer.ts';
import { startAnalysisServer } from '../src/role/analysis-server.ts';
import { createRemoteAnalyzer } from '../src/role/remote-analyzer.ts';

describe('the analysis role over HTTP', () => {
  it('passes the embedding and scene flags of describeFace through (ADR 0102)', async () => {
    const calls: [boolean, boolean | undefined][] = [];
    const analyzer = {
      describeFace: async (_image: Buffer, embedding: boolean, scene?: boolean) => {
        calls.push([embedding, scene]);
        return { face_count: 1 };
      },
    } as unknown as Analyzer;
    const server = await startAnalysisServer({ analyzer, port: 0, host: '127.0.0.1', token: 'secret' });
    try {
      const remote = createRemoteAnalyzer(server.url, 'secret');
      await remote.describeFace(Buffer.from('jpeg'), true, false);
      await remote.describeFace(Buffer.from('jpeg'), false);
      await remote.describeFace(Buffer.from('jpeg'), true, true);
      expect(calls).toEqual([
        [true, false],
        [false, true],
        [true, true],
      ]);
    } finally {
      await server.close();
    }
  });
});
