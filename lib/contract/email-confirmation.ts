import { z } from 'zod';

/** What the API says of a confirmation link that cannot be used (the page of the link shows its own words). */
export const EMAIL_TOKEN_ERRORS = {
  invalid: 'This link is not valid for this account. Ask for a new one.',
  expired: 'This link has expired. Ask for a new one.',
  used: 'This link has already been used. Ask for a new one.',
} as const;

/** POST /users/{id}/email: send a confirmation link to an address, which becomes the account's once it is opened. */
export const emailChangeBody = z.strictObject({
  email: z
    .email({ error: 'Enter a valid email address.' })
    .max(254, 'At most 254 characters.')
    .transform((v) => v.toLowerCase()),
});

/** POST /users/{id}/email/confirm: the token of the emailed link. */
export const emailConfirmBody = z.strictObject({
  token: z
    .string({ error: EMAIL_TOKEN_ERRORS.invalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, EMAIL_TOKEN_ERRORS.invalid),
});

/** GET /users/{id}/email (owner only): the confirmed address and the one waiting for its link to be opened. */
export const accountEmailResource = z.object({
  email: z.string().nullable().describe('Confirmed: the only address Sopka sends emails to (and email sign-in finds)'),
  pending_email: z.string().nullable().describe('A link was sent to it and not opened yet; never mailed otherwise'),
  link: z
    .object({ expires_at: z.string(), resend_after: z.string() })
    .nullable()
    .describe('The link last sent to the waiting address, while it can still be used'),
});
export type AccountEmailResource = z.infer<typeof accountEmailResource>;
