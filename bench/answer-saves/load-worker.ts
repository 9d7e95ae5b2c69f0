/**
 * One load-generating process (forked by run.ts): a slice of the candidates, one request in flight per candidate.
 * The main thread (run.ts) tells it which phase to run until when; it answers with the
 * latencies, counts and, at the end, every acknowledged (qid, seq) per attempt.
 */
import { encodePayload } from '@invigil/contracts';
import { Client } from './client.ts';

export type PhaseKind = 'trivial' | 'delta' | 'full';
export interface WorkerCand {
  token: string;
  id: number;
  qids: number[];
}
export interface PhaseReport {
  ok: number;
  failed: number;
  lat: number[];
  /** CPU seconds this client process used during the phase. */
  cpu: number;
}

type Cand = WorkerCand & {
  seq: number;
  acked: Map<number, number>;
  values: Map<number, { seq: number; value: string }>;
};
let cands: Cand[] = [];
let client: Client;
/** Clients by port: a phase may target another port (a cluster's balancer or one node). */
const clients = new Map<number, Client>();

function request(kind: PhaseKind, c: Cand): { path: string; body?: unknown; qid?: number; seq?: number } {
  if (kind === 'trivial') return { path: '/healthz' };
  const seq = ++c.seq;
  const qid = c.qids[seq % c.qids.length]!;
  if (kind === 'delta') {
    // The same JSON as JSON.stringify of { id, changes: [{ qid, seq, answer }] }, built without it.
    return {
      path: '/api/test/answeredQuestions',
      qid,
      seq,
      body: `{"id":${c.id},"changes":[{"qid":${qid},"seq":${seq},"answer":{"selectedChoiceId":"${seq}","buttonStyle":"Answered"}}]}`,
    };
  }
  // The spec's full form: every question each time (one changed), kept as a versioned snapshot.
  const items = c.qids.map((q) => {
    if (q === qid) return { qid: q, seq, selectedChoiceId: String(seq), buttonStyle: 'Answered' };
    const v = c.values.get(q);
    return v
      ? { qid: q, seq: v.seq, selectedChoiceId: v.value, buttonStyle: 'Answered' }
      : { qid: q, buttonStyle: 'Not Visited' };
  });
  return {
    path: '/api/test/answeredQuestions',
    qid,
    seq,
    body: { id: c.id, examDetail: encodePayload({ id: c.id, status: '001' }), quesData: encodePayload(items) },
  };
}

async function phase(kind: PhaseKind, until: number, port?: number): Promise<PhaseReport> {
  let target = client;
  if (port !== undefined) {
    if (!clients.has(port)) clients.set(port, new Client(port, cands.length + 2));
    target = clients.get(port)!;
  }
  const lat: number[] = [];
  const cpu0 = process.cpuUsage();
  let ok = 0;
  let failed = 0;
  await Promise.all(
    cands.map(async (c) => {
      while (Date.now() < until) {
        const r = request(kind, c);
        const res = await target.request(
          r.body ? 'POST' : 'GET',
          r.path,
          kind === 'trivial' ? undefined : c.token,
          r.body,
          false,
        );
        lat.push(res.ms);
        if (res.status !== 200) {
          failed++;
          continue;
        }
        ok++;
        if (r.qid !== undefined && r.seq !== undefined) {
          c.acked.set(r.qid, Math.max(c.acked.get(r.qid) ?? 0, r.seq));
          if ((c.values.get(r.qid)?.seq ?? 0) <= r.seq) c.values.set(r.qid, { seq: r.seq, value: String(r.seq) });
        }
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  return { ok, failed, lat, cpu: (cpu.user + cpu.system) / 1e6 };
}

type Msg =
  | { type: 'init'; port: number; cands: WorkerCand[] }
  | { type: 'phase'; kind: PhaseKind; until: number; port?: number }
  | { type: 'acked' };
process.on('message', async (msg: Msg) => {
  if (msg.type === 'init') {
    cands = msg.cands.map((c) => ({ ...c, seq: 0, acked: new Map(), values: new Map() }));
    client = new Client(msg.port, cands.length + 2);
    process.send!({ ready: true });
  } else if (msg.type === 'phase') {
    process.send!(await phase(msg.kind, msg.until, msg.port));
  } else {
    process.send!(cands.map((c) => ({ id: c.id, acked: [...c.acked] })));
    client.close();
    for (const c of clients.values()) c.close();
  }
});
process.on('disconnect', () => process.exit(0));
