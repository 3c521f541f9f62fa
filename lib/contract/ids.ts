/**
 * The largest id: ids are PostgreSQL integers. Defined here rather than with the listing's filter values: the
 * hearts on every page check hids with this module, and the filter values would come with it.
 */
export const MAX_ID = 2_147_483_647;

/**
 * Public ids (hids) are Sqids strings over letters only, so a path param is unambiguously either a
 * numeric id or a hid (ARCHITECTURE: path params accept either).
 */
export const HID_ALPHABET = 'kXbqTzRmWcNpVfLgJhDsKyBtZrMxQwPvGnHjFdCeSa' + 'uAiEoIUOYl';
export const HID_MIN_LENGTH = 6;
export const HID_PATTERN = /^[A-Za-z]{6,32}$/;
const NUMERIC_ID_PATTERN = /^[1-9]\d{0,9}$/;

export type IdOrHid = { kind: 'id'; id: number } | { kind: 'hid'; hid: string };

export function parseIdOrHid(param: string): IdOrHid | null {
  if (NUMERIC_ID_PATTERN.test(param)) {
    const id = Number(param);
    // Ids are PostgreSQL integers: a larger number names no row (and would fail the query).
    return id <= MAX_ID ? { kind: 'id', id } : null;
  }
  return HID_PATTERN.test(param) ? { kind: 'hid', hid: param } : null;
}
