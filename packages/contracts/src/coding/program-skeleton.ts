import { z } from 'zod';

/** POST /api/test/programSkeleton: boilerplate for a function-style problem ('|^^|' joins multi-values). */
export const ProgramSkeletonRequest = z.object({
  codingLang: z.union([z.string().min(1).max(40), z.number().int()]),
  classname: z.string().max(64).optional().nullable(),
  methodname: z.string().max(64).optional().nullable(),
  paramtype: z.string().max(2000).optional().nullable(),
  paramvalue: z.string().max(20000).optional().nullable(),
  methodreturntype: z.string().max(64).optional().nullable(),
});
export const ProgramSkeletonResponse = z.object({ programBoilerPlate: z.string() });
export type ProgramSkeletonRequest = z.infer<typeof ProgramSkeletonRequest>;
export type ProgramSkeletonResponse = z.infer<typeof ProgramSkeletonResponse>;
