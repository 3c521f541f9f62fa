import { patchNotificationSettingsBody } from '@/lib/contract/notification-settings';
import { notificationSettings, patchNotificationSettings } from '@/lib/server/accounts/notification-settings';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';

export const GET = apiRoute<{ id: string }>(async ({ params, viewer }) => notificationSettings(params.id, viewer), {
  viewer: 'required',
});

export const PATCH = apiRoute<{ id: string }>(
  async ({ request, params, viewer }) =>
    patchNotificationSettings(params.id, viewer, await readJson(request, patchNotificationSettingsBody)),
  { viewer: 'required' },
);
