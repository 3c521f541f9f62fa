import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTagRelay } from '@/lib/server/cache/tag-relay.mjs';

/** A Redis stand-in that is up or down, and records what reached it. */
function redis() {
  const state = { up: false, delivered: [] as string[], droppedAll: 0 };
  return {
    state,
    deliver: async (tag: string) => {
      if (!state.up) throw new Error('Redis client is not ready');
      state.delivered.push(tag);
    },
    deliverAll: async () => {
      if (!state.up) throw new Error('Redis client is not ready');
      state.droppedAll++;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('revalidated tags on their way to the other processes', () => {
  it('delivers at once while connected', async () => {
    const target = redis();
    target.state.up = true;
    const relay = createTagRelay(target);
    await relay.send('_N_T_/en/go/a');
    expect(target.state.delivered).toEqual(['_N_T_/en/go/a']);
    expect(relay.pending.tags).toBe(0);
  });

  it('keeps what it could not deliver and delivers it, once each, when the connection is ready', async () => {
    const target = redis();
    const relay = createTagRelay({ ...target, retryMs: 60_000 });
    await relay.send('_N_T_/en/go/a');
    await relay.send('_N_T_/en/go/a');
    await relay.send('_N_T_/ru');
    expect(target.state.delivered).toEqual([]);
    expect(relay.pending.tags).toBe(2);

    target.state.up = true;
    await relay.flush();
    expect(target.state.delivered).toEqual(['_N_T_/en/go/a', '_N_T_/ru']);
    expect(relay.pending.tags).toBe(0);
  });

  it('tries again by itself when no reconnection comes (a command that timed out)', async () => {
    vi.useFakeTimers();
    const target = redis();
    const relay = createTagRelay({ ...target, retryMs: 1_000 });
    await relay.send('_N_T_/en/go/a');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(target.state.delivered).toEqual([]);
    target.state.up = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(target.state.delivered).toEqual(['_N_T_/en/go/a']);
  });

  it('past its bound it drops every shared page instead of tracking tags one by one', async () => {
    const target = redis();
    const relay = createTagRelay({ ...target, maxPending: 3, retryMs: 60_000 });
    for (const tag of ['a', 'b', 'c', 'd', 'e']) await relay.send(tag);
    expect(relay.pending).toEqual({ tags: 0, overflowed: true });

    await relay.flush();
    expect(target.state.droppedAll).toBe(0);
    expect(relay.pending.overflowed).toBe(true);

    target.state.up = true;
    await relay.flush();
    expect(target.state.droppedAll).toBe(1);
    expect(target.state.delivered).toEqual([]);
    expect(relay.pending).toEqual({ tags: 0, overflowed: false });
  });
});
