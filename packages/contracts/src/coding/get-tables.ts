import { z } from 'zod';
import { Id } from '../shared/id.ts';

/** GET /api/test/getTables?qid=: the data tables of a SQL question (the sample tables without qid). */
export const GetTablesQuery = z.object({
  qid: Id.optional(),
});
export const SqlTableView = z.object({
  name: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
});
export const GetTablesResponse = z.object({ tables: z.array(SqlTableView) });
export type GetTablesQuery = z.infer<typeof GetTablesQuery>;
export type GetTablesResponse = z.infer<typeof GetTablesResponse>;
