import 'server-only';
import Sqids from 'sqids';
import { HID_ALPHABET, HID_MIN_LENGTH } from '@/lib/contract/ids';

const sqids = new Sqids({ alphabet: HID_ALPHABET, minLength: HID_MIN_LENGTH });

/** Encoding checks a blocklist and costs about as much as the rest of a listing row: remember recent ones. */
const MAX_REMEMBERED = 50_000;
const remembered = new Map<number, string>();

/** The public id of a row: short, opaque, letters only (see lib/contract/ids.ts). */
export function toHid(id: number): string {
  let hid = remembered.get(id);
  if (hid === undefined) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    hid = sqids.encode([id]);
    remembered.set(id, hid);
  }
  return hid;
}

/** The numeric id behind a hid, or null when it is not one of ours (Sqids decodes only its own canonical form). */
export function fromHid(hid: string): number | null {
  const [id] = sqids.decode(hid);
  return id !== undefined && sqids.encode([id]) === hid ? id : null;
}
