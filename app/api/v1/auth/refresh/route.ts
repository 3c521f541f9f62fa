import { clearSessionCookie, readSessionCookie } from '@/lib/server/accounts/cookies';
import { apiRoute } from '@/lib/server/routes/api-route';
import { ApiError, toProblem } from '@/lib/server/http/problem';
import { clientInfo, sessionResponse } from '@/lib/server/accounts/session-response';
import { refresh } from '@/lib/server/accounts/refresh-session';

export const POST = apiRoute(async ({ request }) => {
  try {
    return sessionResponse(await refresh(readSessionCookie(request), clientInfo(request)));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    // An ended session must not keep its cookies: the login gate and the browser would keep trying it.
    const response = toProblem(error);
    clearSessionCookie(response);
    return response;
  }
});
