import { randomBytes, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { appendForwardedFor, PEER_ADDRESS_HEADER } from '@/lib/http/client-address';
import { onEveryRequest } from './request-hook';

/** Proves that this process, not the client, wrote PEER_ADDRESS_HEADER. */
const PEER_STAMP_HEADER = 'x-sopka-peer-stamp';

type PeerState = { secret: string; installed?: true };
// One secret per process, shared by the instrumentation's and the route handlers' module instances.
const state = ((globalThis as { __sopkaPeerAddress?: PeerState }).__sopkaPeerAddress ??= {
  secret: randomBytes(24).toString('base64url'),
});

/**
 * A route handler never sees the socket, and `next start` fills X-Forwarded-For from it only when the
 * client sent none. So every request is stamped before Next reads it: the peer address (with this
 * process's secret) and, appended to X-Forwarded-For, as a proxy would append it.
 */
export function recordPeerAddresses(): void {
  if (state.installed) return;
  state.installed = true;
  onEveryRequest(stampPeerAddress);
}

function stampPeerAddress(request: http.IncomingMessage): void {
  const peer = request.socket?.remoteAddress;
  delete request.headers[PEER_ADDRESS_HEADER];
  delete request.headers[PEER_STAMP_HEADER];
  if (!peer) return;
  request.headers[PEER_ADDRESS_HEADER] = peer;
  request.headers[PEER_STAMP_HEADER] = state.secret;
  request.headers['x-forwarded-for'] = appendForwardedFor([request.headers['x-forwarded-for']].flat().join(', '), peer);
}

/**
 * The peer address this process recorded, or null for a request it did not stamp (one accepted in the
 * moment before instrumentation ran, or a client's own header): never a value a client chose.
 */
export function stampedPeer(headers: Headers): string | null {
  const stamp = Buffer.from(headers.get(PEER_STAMP_HEADER) ?? '');
  const secret = Buffer.from(state.secret);
  return stamp.length === secret.length && timingSafeEqual(stamp, secret) ? headers.get(PEER_ADDRESS_HEADER) : null;
}

/** The headers a stamped request from `peer` carries: for in-process tests, which have no socket. */
export function peerHeadersForTests(peer: string): Record<string, string> {
  return { [PEER_ADDRESS_HEADER]: peer, [PEER_STAMP_HEADER]: state.secret };
}
