import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4 } from 'node:net';
import { normalizeAddress } from '@/lib/http/client-address';
import { stampedPeer } from '../peer-address';
import { env } from '../../platform/env';

const isLoopback = (address: string) => (isIPv4(address) ? address.startsWith('127.') : address === '::1');

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request may read the metrics: with `Authorization: Bearer METRICS_TOKEN`, or from this machine. From
 * this machine means the socket's peer, as this process recorded it (lib/server/ops/peer-address.ts), is a
 * loopback address and so is every address in X-Forwarded-For: a request nginx passes on for a remote client comes
 * from loopback too, but names that client there, whatever TRUST_PROXY_HOPS says.
 */
export function mayReadMetrics(headers: Headers): boolean {
  const token = env().METRICS_TOKEN;
  const [scheme, credentials] = (headers.get('authorization') ?? '').split(' ', 2);
  // Hashed first, so the comparison takes the same time whatever the length of the guess.
  if (token && scheme.toLowerCase() === 'bearer' && timingSafeEqual(digest(credentials ?? ''), digest(token)))
    return true;
  const peer = stampedPeer(headers);
  if (!peer || !isLoopback(normalizeAddress(peer))) return false;
  const forwarded = (headers.get('x-forwarded-for') ?? '').split(',').map(normalizeAddress).filter(Boolean);
  return forwarded.every(isLoopback);
}
