import { getCookie } from './cookies.ts';

/**
 * Reads a server-sent event stream with the bearer token (EventSource cannot send headers):
 * calls `onEvent(name, data)` for each event, `onOpen` when connected. Resolves when the stream
 * ends; rejects on a network or HTTP error. Abort with the signal.
 */
export async function readEventStream(
  url: string,
  onEvent: (event: string, data: string) => void,
  opts: { signal: AbortSignal; onOpen?: () => void },
): Promise<void> {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${getCookie('token')}`, accept: 'text/event-stream' },
    signal: opts.signal,
  });
  if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
  opts.onOpen?.();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length) onEvent(event, data.join('\n'));
    }
  }
}
