import { z } from 'zod';
import { newPassword, PASSWORD_MAX, phone } from './auth';

const aboutText = z.string().trim().max(2000, 'At most 2000 characters.');

export const patchProfileBody = z.strictObject({
  /** A string sets the Russian text; an object sets any of the three languages. */
  about: z.union([aboutText, z.strictObject({ ru: aboutText.optional(), en: aboutText.optional(), zh: aboutText.optional() })]),
});

export const patchUserBody = z
  .strictObject({
    name: z.string().trim().min(1, 'Enter your name.').max(80, 'At most 80 characters.').optional(),
    email: z.email({ error: 'Enter a valid email address.' }).max(254).transform((v) => v.toLowerCase()).optional(),
    phone: phone.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change.' });

export const setPasswordBody = z
  .strictObject({
    oldPassword: z.string().max(PASSWORD_MAX).optional(),
    password: newPassword('Enter a new password.'),
    passwordConfirm: z.string({ error: 'Repeat the new password.' }),
  })
  .refine((body) => body.password === body.passwordConfirm, { path: ['passwordConfirm'], message: 'The passwords do not match.' });

export const profileQuery = z.object({
  include: z.enum(['user'], { error: 'The only include is user.' }).optional(),
});
