import { jobPings, type Database } from '@invigil/db';
import { z } from 'zod';
import type { JobDefinition } from '../../lib/queue.ts';

const PingPayload = z.object({ message: z.string().min(1).max(200) });

/** A trivial job that records it ran: proves the queue on PGlite and PostgreSQL. */
export const pingJob = (database: Database): JobDefinition<typeof PingPayload> => ({
  name: 'operations.ping',
  payload: PingPayload,
  async handle({ message }) {
    await database.db.insert(jobPings).values({ message });
  },
});
