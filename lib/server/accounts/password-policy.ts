import 'server-only';
import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORD_ERROR } from '@/lib/contract/password-rules';
import { invalid } from '../http/problem';

/** How many of the most common passwords (the list is ranked by frequency) are refused. */
const REFUSED_COUNT = 10_000;

let refused: Set<string> | undefined;

/** Server-only: the list never reaches a browser bundle. Case does not make a common password safe. */
export function isCommonPassword(password: string): boolean {
  refused ??= new Set(dictionary['passwords-common'].slice(0, REFUSED_COUNT).map((entry) => entry.toLowerCase()));
  return refused.has(password.trim().toLowerCase());
}

/** Every place that sets a password calls this after the schema's length rules. */
export function requireUncommonPassword(password: string): void {
  if (isCommonPassword(password)) throw invalid({ password: [COMMON_PASSWORD_ERROR] });
}
