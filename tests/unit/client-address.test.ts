import { describe, expect, it } from 'vitest';
import {
  appendForwardedFor,
  clientAddress,
  forwardedAddress,
  normalizeAddress,
  UNKNOWN_CLIENT,
} from '@/lib/http/client-address';

describe('client address', () => {
  it('with 0 trusted hops is the socket peer, whatever X-Forwarded-For says', () => {
    expect(clientAddress({ peer: '203.0.113.7', forwardedFor: '1.2.3.4, 203.0.113.7' }, 0)).toBe('203.0.113.7');
    expect(clientAddress({ peer: '::ffff:203.0.113.7', forwardedFor: '1.2.3.4' }, 0)).toBe('203.0.113.7');
  });

  it('without a recorded peer is one shared "unknown" client, never the forged header', () => {
    expect(clientAddress({ peer: null, forwardedFor: '1.2.3.4' }, 0)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress({ peer: null, forwardedFor: null }, 2)).toBe(UNKNOWN_CLIENT);
  });

  it('with N trusted hops is the entry N places from the right, so forged entries on the left do not count', () => {
    // A client forged "6.6.6.6"; the proxy appended the client's real address; this server appended the proxy's.
    const forwardedFor = '6.6.6.6, 198.51.100.9, 10.0.0.2';
    expect(clientAddress({ peer: '10.0.0.2', forwardedFor }, 1)).toBe('198.51.100.9');
    expect(clientAddress({ peer: '10.0.0.2', forwardedFor }, 2)).toBe('6.6.6.6');
    expect(forwardedAddress(forwardedFor, 0)).toBe('10.0.0.2');
  });

  it('for a request the server did not stamp, counts the hops without its entry', () => {
    expect(clientAddress({ peer: null, forwardedFor: '6.6.6.6, 198.51.100.9' }, 1)).toBe('198.51.100.9');
  });

  it('with fewer entries than trusted hops takes the leftmost', () => {
    expect(forwardedAddress('198.51.100.9, 10.0.0.2', 5)).toBe('198.51.100.9');
    expect(forwardedAddress(' , ', 1)).toBeUndefined();
  });

  it('appends the peer as a proxy would', () => {
    expect(appendForwardedFor(undefined, '10.0.0.2')).toBe('10.0.0.2');
    expect(appendForwardedFor('1.2.3.4', '10.0.0.2')).toBe('1.2.3.4, 10.0.0.2');
    expect(normalizeAddress(' ::1 ')).toBe('::1');
  });
});
