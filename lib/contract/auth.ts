import { z } from 'zod';
import { resource } from './common';
import { PASSWORD_MAX, PASSWORD_MIN, RESET_TOKEN_ERRORS } from './password-rules';

/** A password being set (the common-password list is checked on the server, lib/server/accounts/password-policy.ts). */
export const newPassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters.`)
    .refine((value) => value.trim().length > 0, 'A password of only spaces is not a password.');

const email = z
  .email({ error: 'Enter a valid email address.' })
  .max(254, 'At most 254 characters.')
  .transform((v) => v.toLowerCase());

export const registerBody = z
  .strictObject({
    name: z.string({ error: 'Enter your name.' }).trim().min(1, 'Enter your name.').max(80, 'At most 80 characters.'),
    email,
    password: newPassword('Enter a password.'),
    passwordConfirm: z.string({ error: 'Repeat the password.' }),
    acceptPolicy: z.literal(true, { error: 'Accept the privacy policy to continue.' }),
  })
  .refine((body) => body.password === body.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'The passwords do not match.',
  });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.strictObject({
  email,
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters.`),
});

/** POST /auth/password/forgot: the answer is 202 whether or not the email has an account. */
export const forgotPasswordBody = z.strictObject({ email });

/** POST /auth/password/reset with the token from the email's link. */
export const resetPasswordBody = z
  .strictObject({
    token: z
      .string({ error: RESET_TOKEN_ERRORS.invalid })
      .trim()
      .regex(/^[A-Za-z0-9_-]{20,100}$/, RESET_TOKEN_ERRORS.invalid),
    password: newPassword('Enter a new password.'),
    passwordConfirm: z.string({ error: 'Repeat the new password.' }),
  })
  .refine((body) => body.password === body.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'The passwords do not match.',
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const tokenResponse = z.object({
  token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const meResource = resource(
  'users',
  z.object({
    name: z.string(),
    /** The spellings of the name English and Chinese pages show (null: transliterated). */
    name_latin: z.string().nullable(),
    name_zh: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    role: z.enum(['user', 'moderator', 'admin']),
    image_url: z.string().nullable(),
    profile_hid: z.string(),
    has_password: z.boolean(),
    /** The language of the account's emails. */
    locale: z.enum(['ru', 'en', 'zh']),
  }),
);

/** E.164: a plus, the country code and the number, digits only. */
export const phone = z
  .string({ error: 'Enter a phone number.' })
  .trim()
  .regex(/^\+[1-9]\d{7,14}$/, 'Use the international format, e.g. +79141234567.');

export const phoneVerificationCreateBody = z.strictObject({ phone });
export const verificationCode = z
  .string({ error: 'Enter the code.' })
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits.');
export const checkCodeBody = z.strictObject({ id: z.uuid({ error: 'Unknown verification.' }), code: verificationCode });

export const phoneVerificationResource = z.object({
  id: z.string(),
  phone: z.string(),
  expires_at: z.string(),
  resend_after: z.string(),
  attempts_left: z.number().int(),
});
export type PhoneVerificationResource = z.infer<typeof phoneVerificationResource>;
