import { setTimeout as sleep } from 'node:timers/promises';
import { startTcpRelay } from '../../scripts/lib/tcp-relay.mjs';

/**
 * A TCP relay to a PostgreSQL server that can hold back the server's reply to one chosen statement: the
 * statement runs at once on the server, only its answer reaches the client late, as over a stalled network.
 */
export interface SlowLink {
  port: number;
  /** Delays by `ms` the reply to the next statement whose text contains `statement` (case-insensitive). */
  delayReplyTo(statement: string, ms: number): void;
  close(): Promise<void>;
}

export async function startSlowLink(target: { host: string; port: number }): Promise<SlowLink> {
  let armed: { statement: string; ms: number } | undefined;
  const relay = await startTcpRelay(target, {
    wire(client, upstream) {
      let delayNext = 0;
      // Replies keep their order: each waits for the one before it.
      let replies = Promise.resolve();
      client.on('data', (chunk: Buffer) => {
        if (armed && chunk.toString('latin1').toLowerCase().includes(armed.statement)) {
          delayNext = armed.ms;
          armed = undefined;
        }
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        const delay = delayNext;
        delayNext = 0;
        replies = replies.then(async () => {
          if (delay) await sleep(delay);
          if (!client.destroyed) client.write(chunk);
        });
      });
    },
  });
  return {
    port: relay.port,
    delayReplyTo(statement, ms) {
      armed = { statement: statement.toLowerCase(), ms };
    },
    close: relay.close,
  };
}
