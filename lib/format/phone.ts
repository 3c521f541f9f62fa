/**
 * Country calling codes of two digits (ITU E.164 zones 2–9); the rest of those zones use three, and
 * zones 1 (North America) and 7 (Russia, Kazakhstan) use one.
 */
const TWO_DIGIT_CODES = new Set([
  20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 60, 61, 62,
  63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
]);

function countryCodeLength(digits: string): number {
  if (digits.startsWith('1') || digits.startsWith('7')) return 1;
  return TWO_DIGIT_CODES.has(Number(digits.slice(0, 2))) ? 2 : 3;
}

/** Groups of three, then the last one or two of four, so that no group is shorter than three digits. */
function groupDigits(digits: string): string {
  const fours = digits.length % 3;
  const threes = (digits.length - 4 * fours) / 3;
  if (threes < 0) return digits;
  const groups: string[] = [];
  for (let i = 0; i < threes; i++) groups.push(digits.slice(3 * i, 3 * i + 3));
  for (let i = 0; i < fours; i++) groups.push(digits.slice(3 * threes + 4 * i, 3 * threes + 4 * i + 4));
  return groups.join(' ');
}

/**
 * An E.164 number as people of its country write it: '+7 914 123-45-67' (Russia), '+86 138 0013 8000'
 * (China), '+1 212 555 0123'; other countries' digits in groups. Anything else is shown as it came.
 */
export function formatPhone(e164: string): string {
  if (!/^\+[1-9]\d{7,14}$/.test(e164)) return e164;
  const digits = e164.slice(1);
  const codeLength = countryCodeLength(digits);
  const code = digits.slice(0, codeLength);
  const national = digits.slice(codeLength);
  if (code === '7' && national.length === 10)
    return `+7 ${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`;
  if (code === '86' && national.length === 11)
    return `+86 ${national.slice(0, 3)} ${national.slice(3, 7)} ${national.slice(7)}`;
  if (code === '1' && national.length === 10)
    return `+1 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  return `+${code} ${groupDigits(national)}`;
}

/** A booking's contact on one line: 'Анна, +7 914 123-45-67, anna@example.com'. */
export function formatContact(contact: { name: string; phone?: string; email?: string }): string {
  return [contact.name, contact.phone && formatPhone(contact.phone), contact.email].filter(Boolean).join(', ');
}
