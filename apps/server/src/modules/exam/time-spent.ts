/**
 * SQL for an answer as it is written: its `timeSpend` (the page's count of seconds on the
 * question) bounded by the seconds the attempt has run by the database's clock (ADR 0231). The
 * page's figure is kept below that; a larger one (the candidate's claim of 115 days in a
 * 30-minute test) is cut to it.
 */
export const boundedTimeSpendSql = (answer: string, startedAt: string) =>
  `CASE WHEN jsonb_typeof(${answer} -> 'timeSpend') = 'number' THEN jsonb_set(${answer}, '{timeSpend}',
     to_jsonb(LEAST((${answer} ->> 'timeSpend')::numeric, GREATEST(0, ceil(extract(epoch FROM now() - ${startedAt})))::numeric)))
   ELSE ${answer} END`;
