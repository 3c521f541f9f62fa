import { checkCodeBody } from '@/lib/contract/auth';
import { clearVerificationCookie } from '@/lib/server/accounts/verification-cookie';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { clientInfo, sessionResponse } from '@/lib/server/accounts/session-response';
import { checkCode } from '@/lib/server/accounts/phone-auth';

export const POST = apiRoute(async ({ request }) => {
  const { id, code } = await readJson(request, checkCodeBody);
  const response = sessionResponse(await checkCode(id, code, clientInfo(request)));
  clearVerificationCookie(response);
  return response;
});
