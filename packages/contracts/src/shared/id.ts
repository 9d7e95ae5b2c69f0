import { z } from 'zod';

/** The largest id a row can have: the database's id columns are 32-bit integers. */
export const MAX_ID = 2_147_483_647;

/** An id sent as a JSON number: an integer from 1 to MAX_ID. */
export const IntId = z.number().int().min(1).max(MAX_ID);

/**
 * An id as the API accepts it anywhere: a JSON integer or a string of decimal digits (path,
 * query and form values are strings; the spec's client sends both), from 1 to MAX_ID. Nothing
 * else is coerced: `true`, `'0x47'`, `'1e2'`, `' 7'` and `7.5` are refused.
 */
export const Id = z
  .union([IntId, z.string().regex(/^[0-9]{1,10}$/, 'Expected a decimal id')])
  .pipe(z.coerce.number<string | number>().int().min(1).max(MAX_ID));

/**
 * The highest seq a save may carry. The page counts its changes from 1, one a change: ten million
 * within one attempt (24 hours at most) is 115 changes a second. A higher seq only comes from a
 * script, and would hold every later save of its question below it (ADR 0235).
 */
export const SEQ_MAX = 10_000_000;

/** A client's change counter (an answer's seq): an integer from 0 to SEQ_MAX. */
export const Seq = z.number().int().min(0).max(SEQ_MAX);
