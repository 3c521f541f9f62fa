/**
 * Client-side checks that mirror the API's (lib/contract/auth.ts, users.ts), so most mistakes are
 * explained before a request, in the visitor's language. Each rule answers a message key of `forms.errors`.
 */
import { NAME_LATIN, NAME_LATIN_MAX, NAME_ZH, NAME_ZH_MAX } from '@/lib/contract/name-rules';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/lib/contract/password-rules';

export type FieldErrorKey =
  | 'required'
  | 'email'
  | 'passwordShort'
  | 'passwordLong'
  | 'passwordCommon'
  | 'mismatch'
  | 'policy'
  | 'phone'
  | 'code'
  | 'nameLong'
  | 'nameLatin'
  | 'nameZh'
  | 'aboutLong';

export type FieldErrors<F extends string> = Partial<Record<F, FieldErrorKey>>;

export const NAME_MAX = 80;
export const ABOUT_MAX = 2000;
const EMAIL_MAX = 254;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const E164 = /^\+[1-9]\d{7,14}$/;

export function emailError(value: string): FieldErrorKey | undefined {
  const email = value.trim();
  if (!email) return 'required';
  if (email.length > EMAIL_MAX || !EMAIL.test(email)) return 'email';
  return undefined;
}

/** Length only: the list of common passwords stays on the server, whose 422 the forms then explain. */
export function newPasswordError(value: string): FieldErrorKey | undefined {
  if (!value.trim()) return 'required';
  if (value.length < PASSWORD_MIN) return 'passwordShort';
  if (value.length > PASSWORD_MAX) return 'passwordLong';
  return undefined;
}

export function nameError(value: string): FieldErrorKey | undefined {
  const name = value.trim();
  if (!name) return 'required';
  if (name.length > NAME_MAX) return 'nameLong';
  return undefined;
}

/** The Latin spelling of a name: optional, Latin letters, spaces, hyphens and apostrophes. */
export function nameLatinError(value: string): FieldErrorKey | undefined {
  const name = value.trim();
  return name && (name.length > NAME_LATIN_MAX || !NAME_LATIN.test(name)) ? 'nameLatin' : undefined;
}

/** The Chinese spelling of a name: optional, Chinese characters and the middle dot. */
export function nameZhError(value: string): FieldErrorKey | undefined {
  const name = value.trim();
  return name && (name.length > NAME_ZH_MAX || !NAME_ZH.test(name)) ? 'nameZh' : undefined;
}

/** Only the fields with a problem: an empty object means the form may be sent. */
function compact<F extends string>(errors: Record<F, FieldErrorKey | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, value]) => value !== undefined)) as FieldErrors<F>;
}

export function validateLogin(values: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return compact({ email: emailError(values.email), password: values.password ? undefined : 'required' });
}

export function validateRegistration(values: {
  name: string;
  email: string;
  password: string;
  passwordConfirm: string;
  acceptPolicy: boolean;
}): FieldErrors<'name' | 'email' | 'password' | 'passwordConfirm' | 'acceptPolicy'> {
  return compact({
    name: nameError(values.name),
    email: emailError(values.email),
    password: newPasswordError(values.password),
    passwordConfirm: passwordConfirmError(values.password, values.passwordConfirm),
    acceptPolicy: values.acceptPolicy ? undefined : 'policy',
  });
}

/** The repeated new password: given, and the same. */
function passwordConfirmError(password: string, confirm: string): 'required' | 'mismatch' | undefined {
  if (!confirm) return 'required';
  return confirm !== password ? 'mismatch' : undefined;
}

/** The old password is asked only of an account that has one (the API's rule too). */
export function validatePasswordChange(
  values: { oldPassword: string; password: string; passwordConfirm: string },
  { hasPassword = true }: { hasPassword?: boolean } = {},
): FieldErrors<'oldPassword' | 'password' | 'passwordConfirm'> {
  return compact({
    oldPassword: values.oldPassword || !hasPassword ? undefined : 'required',
    password: newPasswordError(values.password),
    passwordConfirm: passwordConfirmError(values.password, values.passwordConfirm),
  });
}

/**
 * A phone number as people type it → E.164. Russian habits are understood: a leading 8 or 7 without a plus,
 * or ten digits starting with 9, are +7 numbers. Anything else keeps its own country code.
 */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (input.trim().startsWith('+')) return `+${digits}`;
  if (digits.length === 11 && (digits.startsWith('8') || digits.startsWith('7'))) return `+7${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith('9')) return `+7${digits}`;
  return digits ? `+${digits}` : '';
}

export function phoneError(input: string): FieldErrorKey | undefined {
  if (!input.trim()) return 'required';
  return E164.test(normalizePhone(input)) ? undefined : 'phone';
}

export function codeError(input: string): FieldErrorKey | undefined {
  const code = input.trim();
  if (!code) return 'required';
  return /^\d{6}$/.test(code) ? undefined : 'code';
}
