import { apiRoute } from '@/lib/server/http/handler';
import { me } from '@/lib/server/accounts/auth';

export const POST = apiRoute(async ({ viewer }) => me(viewer), { viewer: 'required' });
