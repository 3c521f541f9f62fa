import { z } from 'zod';
import { newPassword, phone, verificationCode } from './auth';
import { NAME_LATIN, NAME_LATIN_MAX, NAME_ZH, NAME_ZH_MAX } from './name-rules';
import { PASSWORD_MAX } from './password-rules';

const aboutText = z.string().trim().max(2000, 'At most 2000 characters.');

export const patchProfileBody = z.strictObject({
  /** A string sets the Russian text; an object sets any of the three languages. */
  about: z.union([
    aboutText,
    z.strictObject({ ru: aboutText.optional(), en: aboutText.optional(), zh: aboutText.optional() }),
  ]),
});

/** A name's spelling: text, or empty or null to clear it. */
const optionalSpelling = (spelling: z.ZodString) =>
  z.union([z.literal('').transform(() => null), spelling, z.null()], { error: 'Use text or null.' }).optional();

export const patchUserBody = z
  .strictObject({
    name: z.string().trim().min(1, 'Enter your name.').max(80, 'At most 80 characters.').optional(),
    /** How English pages spell the name; empty or null clears it (they transliterate the name then). */
    name_latin: optionalSpelling(
      z
        .string()
        .trim()
        .max(NAME_LATIN_MAX, `At most ${NAME_LATIN_MAX} characters.`)
        .regex(NAME_LATIN, 'Use Latin letters, spaces, hyphens and apostrophes.'),
    ),
    /** How Chinese pages write the name; empty or null clears it (they use the Latin spelling then). */
    name_zh: optionalSpelling(
      z
        .string()
        .trim()
        .max(NAME_ZH_MAX, `At most ${NAME_ZH_MAX} characters.`)
        .regex(NAME_ZH, 'Use Chinese characters and the middle dot ·.'),
    ),
    /** An address becomes the account's only through POST /users/{id}/email and the link sent to it. */
    email: z
      .never({
        error:
          'Change the email with POST /users/{id}/email: it becomes the account’s once the link sent to it is opened.',
      })
      .optional(),
    /** The language of the emails the account receives. */
    locale: z.enum(['ru', 'en', 'zh'], { error: 'Use ru, en or zh.' }).optional(),
    /** A number is attached only through POST /users/{id}/phone and the code sent to it. */
    phone: z
      .never({
        error:
          'Change the phone number with POST /users/{id}/phone: it is attached once the code sent to it is confirmed.',
      })
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change.' });

export const setPasswordBody = z
  .strictObject({
    oldPassword: z.string().max(PASSWORD_MAX).optional(),
    password: newPassword('Enter a new password.'),
    passwordConfirm: z.string({ error: 'Repeat the new password.' }),
  })
  .refine((body) => body.password === body.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'The passwords do not match.',
  });

export const profileQuery = z.object({
  include: z.enum(['user'], { error: 'The only include is user.' }).optional(),
});

/** POST /users/{id}/phone: send a code to a new number, which waits for it. */
export const phoneChangeBody = z.strictObject({ phone });

/** POST /users/{id}/phone/confirm: the code sent to the waiting number. */
export const phoneConfirmBody = z.strictObject({ code: verificationCode });

/** GET /users/{id}/phone (owner only): the confirmed number and the one waiting for its code. */
export const accountPhoneResource = z.object({
  phone: z.string().nullable().describe('Confirmed: the number phone sign-in finds'),
  pending_phone: z.string().nullable().describe('Waiting for its code; never used for sign-in'),
  code: z
    .object({ expires_at: z.string(), resend_after: z.string(), attempts_left: z.number().int() })
    .nullable()
    .describe('The code last sent to the waiting number, while it can still be used'),
});
export type AccountPhoneResource = z.infer<typeof accountPhoneResource>;
