import { apiRoute } from '@/lib/server/http/handler';
import { viewerOf } from '@/lib/server/accounts/auth-viewer';
import { me } from '@/lib/server/accounts/auth';

export const POST = apiRoute(async ({ request }) => me(await viewerOf(request)));
