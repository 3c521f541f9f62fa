import { describe, expect, it } from 'vitest';
import { createSseParser, reconnectDelay, type SseEvent } from '@/lib/events/sse';

function parse(chunks: string[]) {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const parser = createSseParser(
    (event) => events.push(event),
    (ms) => retries.push(ms),
  );
  for (const chunk of chunks) parser.feed(chunk);
  return { events, retries };
}

describe('the event-stream parser', () => {
  it('reads id, event and data, skips comments, and takes retry', () => {
    const { events, retries } = parse([
      'retry: 3000\n: open\n\n',
      'id: 7\nevent: message\ndata: {"a":1}\n\n',
      ': heartbeat\n\n',
    ]);
    expect(events).toEqual([{ id: '7', event: 'message', data: '{"a":1}' }]);
    expect(retries).toEqual([3000]);
  });

  it('joins an event split anywhere between chunks, with any line break', () => {
    const text = 'id: 8\r\nevent: read\r\ndata: {"n":2}\r\n\r\nid: 9\nevent: booking\ndata: x\ndata: y\n\n';
    const whole = parse([text]).events;
    for (let cut = 1; cut < text.length; cut++)
      expect(parse([text.slice(0, cut), text.slice(cut)]).events).toEqual(whole);
    expect(whole).toEqual([
      { id: '8', event: 'read', data: '{"n":2}' },
      { id: '9', event: 'booking', data: 'x\ny' },
    ]);
  });

  it('keeps the last id for events without one, and ignores an event without data', () => {
    const { events } = parse(['id: 5\nevent: message\n\nevent: read\ndata: 1\n\n']);
    expect(events).toEqual([{ id: '5', event: 'read', data: '1' }]);
  });
});

describe('the reconnect delay', () => {
  it('starts near the server’s retry, doubles, and stops at a minute', () => {
    expect(reconnectDelay(0, 3000, () => 0)).toBe(1500);
    expect(reconnectDelay(0, 3000, () => 1)).toBe(3000);
    expect(reconnectDelay(2, 3000, () => 1)).toBe(12_000);
    expect(reconnectDelay(20, 3000, () => 1)).toBe(60_000);
  });
});
