import { describe, expect, it } from 'vitest';
import { addressInRanges, parseAddressRanges } from '@/lib/http/address-ranges';

// YooKassa's published notification addresses (https://yookassa.ru/developers/using-api/webhooks).
const YOOKASSA =
  '185.71.76.0/27, 185.71.77.0/27, 77.75.153.0/25, 77.75.156.11, 77.75.156.35, 77.75.154.128/25, 2a02:5180::/32';

describe('address ranges', () => {
  const ranges = parseAddressRanges(YOOKASSA)!;

  it('reads a list of addresses and CIDR ranges; empty is no range', () => {
    expect(ranges).toHaveLength(7);
    expect(parseAddressRanges('')).toEqual([]);
    expect(parseAddressRanges(' , ')).toEqual([]);
  });

  it('refuses a list with anything that is not an address or range', () => {
    for (const bad of [
      '185.71.76.0/33',
      '300.1.1.1',
      '1.2.3',
      'example.com',
      '2a02::/129',
      '1.2.3.4/8/1',
      '01.2.3.4',
      '1::2::3',
    ])
      expect(parseAddressRanges(`10.0.0.1, ${bad}`), bad).toBeNull();
  });

  it('matches IPv4 addresses inside a range, at its edges, and single addresses exactly', () => {
    expect(addressInRanges('185.71.76.0', ranges)).toBe(true);
    expect(addressInRanges('185.71.76.31', ranges)).toBe(true);
    expect(addressInRanges('185.71.76.32', ranges)).toBe(false);
    expect(addressInRanges('77.75.154.200', ranges)).toBe(true);
    expect(addressInRanges('77.75.154.127', ranges)).toBe(false);
    expect(addressInRanges('77.75.156.11', ranges)).toBe(true);
    expect(addressInRanges('77.75.156.12', ranges)).toBe(false);
    expect(addressInRanges('10.0.0.1', ranges)).toBe(false);
  });

  it('matches an IPv4 client seen on a dual-stack socket (::ffff:a.b.c.d) as IPv4', () => {
    expect(addressInRanges('::ffff:185.71.77.5', ranges)).toBe(true);
    expect(addressInRanges('::FFFF:10.0.0.1', ranges)).toBe(false);
  });

  it('matches IPv6, in any spelling', () => {
    expect(addressInRanges('2a02:5180::1', ranges)).toBe(true);
    expect(addressInRanges('2a02:5180:0:0:0:0:0:1', ranges)).toBe(true);
    expect(addressInRanges('2A02:5180:FFFF::', ranges)).toBe(true);
    expect(addressInRanges('2a02:5181::1', ranges)).toBe(false);
    expect(addressInRanges('::1', ranges)).toBe(false);
    expect(addressInRanges('::1', parseAddressRanges('::1')!)).toBe(true);
    expect(addressInRanges('0:0:0:0:0:0:0:1', parseAddressRanges('::1/128')!)).toBe(true);
  });

  it('never matches something that is not an address, nor one family against the other', () => {
    expect(addressInRanges('unknown', ranges)).toBe(false);
    expect(addressInRanges('', ranges)).toBe(false);
    expect(addressInRanges('185.71.76.1', parseAddressRanges('::/0')!)).toBe(false);
    expect(addressInRanges('2a02:5180::1', parseAddressRanges('0.0.0.0/0')!)).toBe(false);
  });
});
