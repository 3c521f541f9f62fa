import { apiRoute } from '@/lib/server/http/handler';
import { viewerOf } from '@/lib/server/services/auth-viewer';
import { me } from '@/lib/server/services/auth';

export const POST = apiRoute(async ({ request }) => me(await viewerOf(request)));
