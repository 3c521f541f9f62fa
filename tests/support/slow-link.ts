import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

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
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    sockets.add(client).add(upstream);
    let delayNext = 0;
    // Replies keep their order: each waits for the one before it.
    let replies = Promise.resolve();
    client.on('data', (chunk) => {
      if (armed && chunk.toString('latin1').toLowerCase().includes(armed.statement)) {
        delayNext = armed.ms;
        armed = undefined;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      const delay = delayNext;
      delayNext = 0;
      replies = replies.then(async () => {
        if (delay) await sleep(delay);
        if (!client.destroyed) client.write(chunk);
      });
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    delayReplyTo(statement, ms) {
      armed = { statement: statement.toLowerCase(), ms };
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
