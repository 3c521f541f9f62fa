import { registerBody } from '@/lib/contract/auth';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { clientInfo, sessionResponse } from '@/lib/server/accounts/session-response';
import { register } from '@/lib/server/accounts/email-sign-in';

export const POST = apiRoute(async ({ request, language }) =>
  sessionResponse(await register(await readJson(request, registerBody), clientInfo(request), language), 201),
);
