/** The `code` of a thrown Node, database or Fastify error (`ENOENT`, `23505`, ...), if it has one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return error.code == null ? undefined : String(error.code);
}
