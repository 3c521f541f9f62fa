import Sqids from 'sqids';
import { HID_ALPHABET, HID_MIN_LENGTH } from './ids';

/**
 * The one encoding of hids: the server's rows (lib/server/db/hids.ts) and the proxy, which serves an idea's numeric
 * path as its hid's page, must agree. Kept apart from ids.ts, which the browser loads on every page.
 */
export const hidCodec = new Sqids({ alphabet: HID_ALPHABET, minLength: HID_MIN_LENGTH });
