import 'server-only';
import { hidCodec } from '@/lib/contract/hids';

/** Encoding checks a blocklist and costs about as much as the rest of a listing row: remember recent ones. */
const MAX_REMEMBERED = 50_000;
const remembered = new Map<number, string>();

/** The public id of a row: short, opaque, letters only (see lib/contract/ids.ts). */
export function toHid(id: number): string {
  let hid = remembered.get(id);
  if (hid === undefined) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    hid = hidCodec.encode([id]);
    remembered.set(id, hid);
  }
  return hid;
}

/** The numeric id behind a hid, or null when it is not one of ours (Sqids decodes only its own canonical form). */
export function fromHid(hid: string): number | null {
  const [id] = hidCodec.decode(hid);
  return id !== undefined && hidCodec.encode([id]) === hid ? id : null;
}
