import { loginBody } from '@/lib/contract/auth';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/http/handler';
import { clientInfo, sessionResponse } from '@/lib/server/http/session-response';
import { login } from '@/lib/server/accounts/auth';

export const POST = apiRoute(async ({ request }) => {
  const { email, password } = await readJson(request, loginBody);
  return sessionResponse(await login(email, password, clientInfo(request)));
});
