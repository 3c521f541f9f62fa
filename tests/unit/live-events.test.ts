import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLiveEvents } from '@/lib/api/live-events';

afterEach(() => vi.unstubAllGlobals());

/** A 200 event-stream answer that sends `text` and ends (as a server or proxy cutting the connection would). */
const streamAnswer = (text: string) =>
  new Response(new Blob([text]).stream(), { headers: { 'content-type': 'text/event-stream' } });

describe('the browser’s live event connection', () => {
  it('sends the bearer token, passes events on, and reconnects resuming after the last id', async () => {
    const requests: Headers[] = [];
    const answers = [
      streamAnswer('retry: 20\n: open\n\nid: 5\nevent: message\ndata: {"text":"hi"}\n\n'),
      streamAnswer('id: 6\nevent: read\ndata: {"up_to":5}\n\n'),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        requests.push(new Headers(init.headers));
        return answers.shift() ?? new Promise<Response>(() => undefined);
      }),
    );
    const events: [string, unknown][] = [];
    const stop = openLiveEvents({
      getToken: () => 'token-1',
      onEvent: (type, payload) => events.push([type, payload]),
    });
    await vi.waitFor(() => expect(events).toHaveLength(2), { timeout: 2_000 });
    await vi.waitFor(() => expect(requests).toHaveLength(3), { timeout: 2_000 });
    stop();
    expect(events).toEqual([
      ['message', { text: 'hi' }],
      ['read', { up_to: 5 }],
    ]);
    expect(requests.map((headers) => headers.get('authorization'))).toEqual(Array(3).fill('Bearer token-1'));
    expect(requests.map((headers) => headers.get('last-event-id'))).toEqual([null, '5', '6']);
  });

  it('does not connect without a token, and stops trying once stopped', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const stop = openLiveEvents({ getToken: () => null, onEvent: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
