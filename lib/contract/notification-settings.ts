import { z } from 'zod';

/** The emails a user chooses to get (PATCH /users/{id}/notification-settings); marketing is opt-in. */
export const notificationSettingsSchema = z
  .object({
    messages: z.boolean(),
    bookings: z.boolean(),
    reminders: z.boolean(),
    marketing: z.boolean(),
  })
  .strict();
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  messages: true,
  bookings: true,
  reminders: true,
  marketing: false,
};

/** PATCH /users/{id}/notification-settings: any of the switches. */
export const patchNotificationSettingsBody = notificationSettingsSchema.partial().strict();

export const notificationSettingsResource = z.object({
  data: z.object({
    id: z.number().int(),
    type: z.literal('notification-settings'),
    attributes: notificationSettingsSchema,
  }),
});
