/**
 * The spec's "encoded" payloads (quesData, examDetail, testData, ...) are base64url of JSON.
 * Works in Node (Buffer: the server's hot save path) and in browsers (TextEncoder + btoa/atob).
 */
interface BufferLike {
  from(data: string, encoding: string): { toString(encoding: string): string };
}
const NodeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer;
/** Input the Buffer decoder reads exactly as atob would (Buffer skips what atob rejects). */
const CLEAN_BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

export function encodePayload(value: unknown): string {
  if (NodeBuffer) return NodeBuffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodePayload<T = unknown>(encoded: string): T {
  if (NodeBuffer && encoded.length % 4 !== 1 && CLEAN_BASE64.test(encoded)) {
    return JSON.parse(NodeBuffer.from(encoded, 'base64url').toString('utf8')) as T;
  }
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as T;
}
