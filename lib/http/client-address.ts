/**
 * Which address a request comes from, for per-client limits. The server records the socket's peer
 * address itself (instrumentation.ts, lib/server/ops/peer-address.ts): in PEER_ADDRESS_HEADER, proven by
 * a per-process secret, and appended to X-Forwarded-For as a reverse proxy would. Only the entries that
 * trusted proxies appended are believed: everything to their left may be forged by the client.
 */
export const PEER_ADDRESS_HEADER = 'x-sopka-peer-address';

/** What every request without a known address shares, so a missing address never escapes a limit. */
export const UNKNOWN_CLIENT = 'unknown';

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack socket) is the same client as `1.2.3.4`. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  return trimmed.toLowerCase().startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

/** The X-Forwarded-For value after appending the peer address, as a proxy does. */
export function appendForwardedFor(forwardedFor: string | undefined, peer: string): string {
  return forwardedFor?.trim() ? `${forwardedFor}, ${peer}` : peer;
}

/**
 * The entry `hops` places from the right of X-Forwarded-For (0 = the rightmost, appended by this
 * server). With fewer entries than that, the leftmost: the request came through fewer proxies.
 */
export function forwardedAddress(forwardedFor: string | null | undefined, hops: number): string | undefined {
  const entries = (forwardedFor ?? '').split(',').map(normalizeAddress).filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - 1 - hops)];
}

/**
 * The client's address: with `trustedHops` 0 the socket's peer (X-Forwarded-For is ignored); with N,
 * the address N hops from the right of X-Forwarded-For, the one the outermost trusted proxy saw.
 * `peer` is null for a request the server did not stamp, whose X-Forwarded-For lacks the peer's entry.
 */
export function clientAddress(
  headers: { peer: string | null; forwardedFor: string | null },
  trustedHops: number,
): string {
  const peer = headers.peer ? normalizeAddress(headers.peer) : undefined;
  if (trustedHops === 0) return peer || UNKNOWN_CLIENT;
  return forwardedAddress(headers.forwardedFor, peer ? trustedHops : trustedHops - 1) || peer || UNKNOWN_CLIENT;
}
