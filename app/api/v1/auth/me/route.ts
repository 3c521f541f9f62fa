import { apiRoute } from '@/lib/server/routes/api-route';
import { me } from '@/lib/server/accounts/current-user';

export const POST = apiRoute(async ({ viewer }) => me(viewer), { viewer: 'required' });
