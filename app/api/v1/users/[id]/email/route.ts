import { emailChangeBody } from '@/lib/contract/email-confirmation';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { clientInfo } from '@/lib/server/accounts/session-response';
import { getAccountEmail, requestEmailConfirmation } from '@/lib/server/accounts/email-confirmation';

export const GET = apiRoute<{ id: string }>(async ({ params, viewer }) => getAccountEmail(params.id, viewer), {
  viewer: 'required',
});

export const POST = apiRoute<{ id: string }>(
  async ({ request, params, language, viewer }) => {
    const { email } = await readJson(request, emailChangeBody);
    return requestEmailConfirmation(params.id, email, language, viewer, clientInfo(request));
  },
  { viewer: 'required' },
);
