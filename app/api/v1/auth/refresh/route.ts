import { readSessionCookie } from '@/lib/server/auth/cookies';
import { apiRoute } from '@/lib/server/http/handler';
import { clientInfo, sessionResponse } from '@/lib/server/http/session-response';
import { refresh } from '@/lib/server/services/auth';

export const POST = apiRoute(async ({ request }) => sessionResponse(await refresh(readSessionCookie(request), clientInfo(request))));
