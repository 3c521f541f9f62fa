import { z } from 'zod';
import { phone } from './auth';
import { MAX_ID } from './ids';
import { bodyId, pageParams } from './common';

export const createBookingBody = z.strictObject({
  idea_id: z.union([bodyId, z.string().regex(/^[A-Za-z]{6,32}$/, 'Use the idea id or hid.')]),
  idea_date_id: z
    .number({ error: 'Choose a date.' })
    .int('Choose a date.')
    .positive('Choose a date.')
    .max(MAX_ID, 'Too large.'),
  adults: z.number({ error: 'How many adults?' }).int().min(1, 'At least one adult.').max(50, 'At most 50.'),
  children: z.number().int().min(0, 'Cannot be negative.').max(50, 'At most 50.').default(0),
  /** Who the author calls about the trip: required, since the author needs to reach the traveller. */
  contact: z.strictObject({
    name: z.string({ error: 'Enter a name.' }).trim().min(1, 'Enter a name.').max(80, 'At most 80 characters.'),
    phone,
    email: z.email({ error: 'Enter a valid email address.' }).max(254).optional(),
    comment: z.string().trim().max(1000, 'At most 1000 characters.').optional(),
  }),
});
export type CreateBookingBody = z.infer<typeof createBookingBody>;

export const userBookingsQuery = z.object({
  ...pageParams,
  when: z.enum(['upcoming', 'past', 'all'], { error: 'Use upcoming, past or all.' }).default('all'),
  as: z.enum(['traveller', 'author'], { error: 'Use traveller or author.' }).default('traveller'),
});

/** POST /bookings/{hid}/decline: the guide's words to the traveller. */
export const declineBookingBody = z.strictObject({
  message: z
    .string({ error: 'Tell the traveller why.' })
    .trim()
    .min(1, 'Tell the traveller why.')
    .max(1000, 'At most 1000 characters.'),
});
