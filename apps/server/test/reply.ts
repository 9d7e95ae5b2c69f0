import type { EndpointKey, Endpoints } from '@invigil/contracts';

/**
 * The 200 reply of an /api call as the endpoint map types it, for a response's JSON:
 * `res.json<Reply<'POST /api/test/userTest'>>()`.
 */
export type Reply<K extends EndpointKey> = Endpoints[K]['reply'];
