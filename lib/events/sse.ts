/** One Server-Sent Event as the stream framed it (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * A parser of `text/event-stream` text fed in chunks as they arrive (a line or an event may be split between
 * them): calls `onEvent` for each event that has data, and `onRetry` for a `retry:` field. Comments are skipped.
 */
export function createSseParser(onEvent: (event: SseEvent) => void, onRetry: (ms: number) => void = () => undefined) {
  let buffer = '';
  let id: string | undefined;
  let event = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0)
        onEvent({ ...(id !== undefined ? { id } : {}), event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
  };

  return {
    feed(chunk: string) {
      buffer += chunk;
      let end;
      while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A lone \r at the chunk's end may be the first half of \r\n: wait for the next chunk.
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        const breakLength = buffer.startsWith('\r\n', end) ? 2 : 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + breakLength);
      }
    },
  };
}

/** How long to wait before reconnect attempt `attempt` (0 first): the server's `retry`, doubling to a minute, jittered. */
export function reconnectDelay(attempt: number, baseMs: number, random = Math.random): number {
  const ceiling = Math.min(baseMs * 2 ** attempt, 60_000);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
