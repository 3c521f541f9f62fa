import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_ERROR } from '@/lib/contract/password-rules';
import { apiProblem, isCommonPasswordProblem, problemMessageKey } from '@/lib/forms/api-problem';
import { formatCountdown, secondsUntil } from '@/lib/forms/countdown';
import {
  codeError,
  newPasswordError,
  normalizePhone,
  phoneError,
  validateLogin,
  validatePasswordChange,
  validateRegistration,
} from '@/lib/forms/rules';

const registration = {
  name: 'Анна',
  email: 'anna@example.com',
  password: 'sea-and-hills',
  passwordConfirm: 'sea-and-hills',
  acceptPolicy: true,
};

describe('registration rules (mirroring POST /auth/register)', () => {
  it('a complete form has no errors', () => {
    expect(validateRegistration(registration)).toEqual({});
  });

  it('names each missing or wrong field', () => {
    expect(
      validateRegistration({ name: '  ', email: 'anna@', password: 'short', passwordConfirm: '', acceptPolicy: false }),
    ).toEqual({
      name: 'required',
      email: 'email',
      password: 'passwordShort',
      passwordConfirm: 'required',
      acceptPolicy: 'policy',
    });
  });

  it('the confirmation must match; passwords have 8 to 128 characters; names at most 80', () => {
    expect(validateRegistration({ ...registration, passwordConfirm: 'sea-and-hill' })).toEqual({
      passwordConfirm: 'mismatch',
    });
    const long = 'x'.repeat(129);
    expect(validateRegistration({ ...registration, password: long, passwordConfirm: long })).toEqual({
      password: 'passwordLong',
    });
    expect(validateRegistration({ ...registration, name: 'я'.repeat(81) })).toEqual({ name: 'nameLong' });
  });

  it('accepts ordinary addresses and refuses broken ones', () => {
    expect(validateRegistration({ ...registration, email: ' Anna.K+trips@mail.example.ru ' })).toEqual({});
    for (const email of ['anna', 'anna@mail', '@mail.ru', 'an na@mail.ru', 'anna@mail..ru']) {
      expect(validateRegistration({ ...registration, email }).email, email).toBe('email');
    }
  });
});

describe('login and password change rules', () => {
  it('login needs an email and any password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'required', password: 'required' });
    expect(validateLogin({ email: 'anna@example.com', password: 'x' })).toEqual({});
  });

  it('password change needs the old one and a valid, confirmed new one', () => {
    expect(validatePasswordChange({ oldPassword: '', password: '1234567', passwordConfirm: '1234567' })).toEqual({
      oldPassword: 'required',
      password: 'passwordShort',
    });
    expect(
      validatePasswordChange({ oldPassword: 'old-pass', password: 'new-password', passwordConfirm: 'new-passw0rd' }),
    ).toEqual({ passwordConfirm: 'mismatch' });
    expect(
      validatePasswordChange({ oldPassword: 'old-pass', password: 'new-password', passwordConfirm: 'new-password' }),
    ).toEqual({});
  });
});

describe('a new password in the forms', () => {
  it('needs at least 10 characters that are not all spaces', () => {
    expect(newPasswordError('12345678')).toBe('passwordShort');
    expect(newPasswordError('nine-char')).toBe('passwordShort');
    expect(newPasswordError('          ')).toBe('required');
    expect(newPasswordError('ten-chars!')).toBeUndefined();
  });

  it("recognises the API refusing a common password, to say so in the visitor's language", () => {
    const refusal = (errors: Record<string, string[]>) =>
      apiProblem({ response: { status: 422, data: { errors }, headers: {} } });
    expect(isCommonPasswordProblem(refusal({ password: [COMMON_PASSWORD_ERROR] }))).toBe(true);
    expect(isCommonPasswordProblem(refusal({ password: ['At least 10 characters.'] }))).toBe(false);
    expect(isCommonPasswordProblem(refusal({ email: ['taken'] }))).toBe(false);
  });
});

describe('phone numbers and codes', () => {
  it('understands the ways Russians write their numbers', () => {
    expect(normalizePhone('8 (914) 123-45-67')).toBe('+79141234567');
    expect(normalizePhone('79141234567')).toBe('+79141234567');
    expect(normalizePhone('914 123 45 67')).toBe('+79141234567');
    expect(normalizePhone('+7 914 123-45-67')).toBe('+79141234567');
  });

  it('keeps foreign numbers with their own country code', () => {
    expect(normalizePhone('+86 138 0013 8000')).toBe('+8613800138000');
    expect(phoneError('+86 138 0013 8000')).toBeUndefined();
  });

  it('refuses what cannot be a phone number', () => {
    expect(phoneError('')).toBe('required');
    expect(phoneError('12345')).toBe('phone');
    expect(phoneError('+0 914 123 45 67')).toBe('phone');
  });

  it('codes have exactly six digits', () => {
    expect(codeError('123456')).toBeUndefined();
    expect(codeError('12345')).toBe('code');
    expect(codeError('12a456')).toBe('code');
    expect(codeError(' ')).toBe('required');
  });
});

describe('API problems', () => {
  it('reads status, field errors and Retry-After from an axios-style error', () => {
    const problem = apiProblem({
      response: {
        status: 429,
        data: { detail: 'Slow down', errors: { email: ['taken'] } },
        headers: { 'retry-after': '42' },
      },
    });
    expect(problem).toEqual({ status: 429, detail: 'Slow down', errors: { email: ['taken'] }, retryAfterSeconds: 42 });
    expect(problemMessageKey(problem)).toBe('tooMany');
  });

  it('no answer at all is a network problem', () => {
    expect(apiProblem(new Error('Network Error'))).toEqual({ status: 0, errors: {} });
    expect(problemMessageKey(apiProblem(null))).toBe('network');
  });

  it('maps other statuses to their message', () => {
    expect(problemMessageKey({ status: 403, errors: {} })).toBe('forbidden');
    expect(problemMessageKey({ status: 503, errors: {} })).toBe('serviceMode');
    expect(problemMessageKey({ status: 500, errors: {} })).toBe('failed');
  });
});

describe('countdowns', () => {
  it('counts whole seconds up, never below zero', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(secondsUntil('2026-11-22T10:01:00.200Z', now)).toBe(61);
    expect(secondsUntil('2026-11-22T09:59:00Z', now)).toBe(0);
    expect(secondsUntil('not a date', now)).toBe(0);
  });

  it('shows minutes and seconds', () => {
    expect(formatCountdown(125)).toBe('2:05');
    expect(formatCountdown(59)).toBe('0:59');
  });
});
