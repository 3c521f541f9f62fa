import { markRead } from '@/lib/server/conversations/read-conversations';
import { apiRoute } from '@/lib/server/routes/api-route';

export const POST = apiRoute<{ hid: string }>(async ({ params, viewer }) => markRead(params.hid, viewer), {
  viewer: 'required',
});
