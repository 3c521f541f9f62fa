import { loginBody } from '@/lib/contract/auth';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { clientInfo, sessionResponse } from '@/lib/server/accounts/session-response';
import { login } from '@/lib/server/accounts/email-sign-in';

export const POST = apiRoute(async ({ request, language }) => {
  const { email, password } = await readJson(request, loginBody);
  // A language the request names (Locale header or ?locale=) becomes that of the account's emails.
  const named = request.headers.has('locale') || request.nextUrl.searchParams.has('locale');
  return sessionResponse(await login(email, password, clientInfo(request), named ? language : undefined));
});
