import type { Socket } from 'node:net';

/** A TCP relay on 127.0.0.1 that a test or a script can cut and restore (see tcp-relay.mjs). */
export interface TcpRelay {
  port: number;
  /** `url` (of a database, of Redis) with its host and port replaced by the relay's. */
  through(url: string | URL): string;
  /** Drops every open connection and refuses new ones until `restore()`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export function startTcpRelay(
  target: { host: string; port: number },
  options?: { wire?: (client: Socket, upstream: Socket) => void },
): Promise<TcpRelay>;
