import http from 'node:http';
import { appendForwardedFor, PEER_ADDRESS_HEADER } from '@/lib/net/client-address';

const installed = Symbol.for('sopka.peerAddressRecorder');

/**
 * A route handler never sees the socket, and `next start` fills X-Forwarded-For from it only when the
 * client sent none. So every request is stamped before Next reads it: the peer address in
 * PEER_ADDRESS_HEADER (a client's own value is overwritten) and appended to X-Forwarded-For, as a proxy
 * would append it. Installed once per process, on the prototype, so it covers servers created before.
 */
export function recordPeerAddresses(): void {
  const prototype = http.Server.prototype as http.Server & { [installed]?: true };
  if (prototype[installed]) return;
  prototype[installed] = true;
  const emit = prototype.emit;
  prototype.emit = function emitWithPeerAddress(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') stampPeerAddress(args[0] as http.IncomingMessage);
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

function stampPeerAddress(request: http.IncomingMessage): void {
  const peer = request.socket?.remoteAddress;
  if (!peer) {
    delete request.headers[PEER_ADDRESS_HEADER];
    return;
  }
  request.headers[PEER_ADDRESS_HEADER] = peer;
  request.headers['x-forwarded-for'] = appendForwardedFor([request.headers['x-forwarded-for']].flat().join(', '), peer);
}
