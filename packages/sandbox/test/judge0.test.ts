import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Judge0Executor, singleSource } from '../src/executor/judge0-executor.ts';
import { QueueFullError } from '../src/queue.ts';
import { runTests } from '../src/judge.ts';
import { GENERATORS } from '../src/skeleton/generator.ts';
import { parseSignature } from '../src/skeleton/signature.ts';

/** A stand-in Judge0 on 127.0.0.1: records submissions, answers like Judge0 CE. */
let server: Server;
let url = '';
const received: Record<string, unknown>[] = [];
let busy = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const u = new URL(req.url!, 'http://x');
      res.setHeader('content-type', 'application/json');
      if (busy) {
        res.writeHead(503, { 'retry-after': '7' });
        return res.end('{"error":"queue is full"}');
      }
      if (u.pathname === '/languages')
        return res.end(
          JSON.stringify([
            { id: 70, name: 'Python (2.7.17)' },
            { id: 71, name: 'Python (3.8.1)' },
            { id: 92, name: 'Python (3.11.2)' },
            { id: 62, name: 'Java (OpenJDK 13.0.1)' },
          ]),
        );
      if (u.pathname === '/submissions/batch' && req.method === 'POST') {
        const subs = JSON.parse(body).submissions as Record<string, unknown>[];
        received.push(...subs);
        return res.end(JSON.stringify(subs.map((_, i) => ({ token: `t${received.length - subs.length + i}` }))));
      }
      if (u.pathname === '/submissions/batch') {
        const tokens = u.searchParams.get('tokens')!.split(',');
        return res.end(
          JSON.stringify({
            submissions: tokens.map((t) => ({
              token: t,
              status: { id: 3, description: 'Accepted' },
              stdout: Buffer.from('noise\n10\n').toString('base64'),
              time: '0.01',
              memory: 3000,
            })),
          }),
        );
      }
      res.writeHead(404).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('Judge0 adapter', () => {
  it('maps languages through /languages, batches one submission per test with the network off', async () => {
    const ex = new Judge0Executor({ url, pollMs: 10 });
    expect((await ex.languages()).python).toBe(92);
    const fn = {
      classname: 'Solution',
      methodname: 'sumOf',
      paramtype: 'int[] nums|^^|int bonus',
      methodreturntype: 'int',
    };
    const res = await runTests(ex, {
      language: 'python',
      code: 'class Solution:\n    def sumOf(self, nums, bonus): return sum(nums) + bonus\n',
      fn,
      tests: [
        { input: [[1, 2, 3], 4], output: 10 },
        { input: [[10], 0], output: 10, hidden: true },
      ],
    });
    expect(res.passed).toBe(2);
    expect(received).toHaveLength(2);
    for (const s of received) {
      expect(s).toMatchObject({ language_id: 92, enable_network: false, cpu_time_limit: 2, wall_time_limit: 5 });
      const src = Buffer.from(String(s.source_code), 'base64').toString();
      expect(src).toContain('def sumOf');
      expect(src).not.toContain('/box/');
    }
  });

  it('turns a full Judge0 queue into QueueFullError with its Retry-After', async () => {
    busy = true;
    const ex = new Judge0Executor({ url });
    const err = await ex
      .execute({ language: 'python', files: { 'main.py': 'print(1)' }, stdins: [''] })
      .catch((e: unknown) => e);
    busy = false;
    expect(err).toBeInstanceOf(QueueFullError);
    expect((err as QueueFullError).retryAfterSeconds).toBe(7);
  });

  it('builds one Java source with a public Main for Judge0', () => {
    const sig = parseSignature({ classname: 'Solution', methodname: 'f', paramtype: 'int', methodreturntype: 'int' });
    const g = GENERATORS.java.harness(sig, 'public class Solution { public int f(int a) { return a; } }');
    const src = singleSource({ language: 'java', files: g.files, entry: g.entry, stdins: [] });
    expect(src.match(/public class/g)).toHaveLength(1);
    expect(src).toContain('InvigilHarness.main(args)');
  });
});
