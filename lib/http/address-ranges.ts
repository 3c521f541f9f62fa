import { normalizeAddress } from './client-address';

/**
 * Lists of addresses and CIDR ranges ("185.71.76.0/27, 77.75.156.11, 2a02:5180::/32"), as a gateway publishes
 * the addresses it notifies from. IPv4 and IPv6; an IPv4 client seen on a dual-stack socket (`::ffff:1.2.3.4`)
 * matches its IPv4 range.
 */

interface AddressRange {
  version: 4 | 6;
  /** The range's first address with the host bits cleared. */
  network: bigint;
  prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255 || (part.length > 1 && part.startsWith('0'))) return null;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  let head = text;
  let tailV4: bigint | null = null;
  // A trailing dotted quad stands for the last two groups (::ffff:1.2.3.4).
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    tailV4 = parseIpv4(text.slice(lastColon + 1));
    if (tailV4 === null) return null;
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const left = groups(halves[0]);
  const right = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  let value = 0n;
  for (const group of [...left, ...Array<string>(missing).fill('0'), ...right]) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  if (tailV4 !== null) value = (value & ~0xffffffffn) | tailV4;
  return value;
}

/** An address as a number with its version, or null when it is not an IPv4 or IPv6 address. */
function parseAddress(text: string): { version: 4 | 6; value: bigint } | null {
  const address = normalizeAddress(text);
  const v4 = parseIpv4(address);
  if (v4 !== null) return { version: 4, value: v4 };
  const v6 = address.includes(':') ? parseIpv6(address) : null;
  return v6 === null ? null : { version: 6, value: v6 };
}

function parseRange(text: string): AddressRange | null {
  const [address, prefixText, extra] = text.split('/');
  if (extra !== undefined) return null;
  const parsed = parseAddress(address);
  if (!parsed) return null;
  const bits = BITS[parsed.version];
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  const hostBits = BigInt(bits - prefix);
  return { version: parsed.version, network: (parsed.value >> hostBits) << hostBits, prefix };
}

/** The ranges of a comma-separated list (empty = none), or null when an entry is not an address or range. */
export function parseAddressRanges(list: string): AddressRange[] | null {
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const ranges = entries.map(parseRange);
  return ranges.every((range) => range !== null) ? (ranges as AddressRange[]) : null;
}

/** Whether `address` lies in one of `ranges`; never for something that is not an address. */
export function addressInRanges(address: string, ranges: readonly AddressRange[]): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return ranges.some((range) => {
    if (range.version !== parsed.version) return false;
    const hostBits = BigInt(BITS[range.version] - range.prefix);
    return (parsed.value >> hostBits) << hostBits === range.network;
  });
}
