// Invalidations that must reach Redis even when this process's connection is not there at that moment.
// Plain JavaScript for the same reason as redis-page-cache-handler.mjs, which uses it.

/**
 * Hands revalidated tags to `deliver` (stamp in Redis, publish to the other processes). A tag that cannot be
 * delivered now (the connection is still opening at start, or was lost) is kept and delivered by flush(), which
 * the handler calls when the connection is ready again, and which also runs every `retryMs` while tags wait (a
 * command that timed out on a connection that stayed up): otherwise the other processes would go on serving the
 * old page until it expires. Past `maxPending` kept tags the relay stops tracking them one by one, and flush()
 * drops every shared page instead (`deliverAll`).
 * @param {{ deliver: (tag: string) => Promise<void>, deliverAll: () => Promise<void>, maxPending?: number, retryMs?: number }} options
 */
export function createTagRelay({ deliver, deliverAll, maxPending = 10_000, retryMs = 1_000 }) {
  /** @type {Set<string>} */
  let pending = new Set();
  let overflowed = false;
  let flushing = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let retry;

  function scheduleRetry() {
    if (retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      flush().catch(() => undefined);
    }, retryMs);
    // A retry never keeps the process alive on its own.
    retry.unref?.();
  }

  /** @param {string} tag */
  function keep(tag) {
    scheduleRetry();
    if (overflowed) return;
    pending.add(tag);
    if (pending.size > maxPending) {
      overflowed = true;
      pending = new Set();
    }
  }

  /** Delivers what was kept; what still fails stays kept for the next flush. */
  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      if (overflowed) {
        // Cleared first: a tag that fails while every page is being dropped is kept like any other.
        overflowed = false;
        try {
          await deliverAll();
        } catch {
          overflowed = true;
          scheduleRetry();
          return;
        }
      }
      const tags = [...pending];
      pending = new Set();
      for (const tag of tags) {
        try {
          await deliver(tag);
        } catch {
          keep(tag);
        }
      }
    } finally {
      flushing = false;
    }
  }

  return {
    /** @param {string} tag */
    async send(tag) {
      try {
        await deliver(tag);
      } catch {
        keep(tag);
      }
    },
    flush,
    /** How many tags wait for delivery, and whether they overflowed (tests and logs). */
    get pending() {
      return { tags: pending.size, overflowed };
    },
  };
}
