import { emailConfirmBody } from '@/lib/contract/email-confirmation';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { clientInfo } from '@/lib/server/accounts/session-response';
import { confirmEmail } from '@/lib/server/accounts/email-confirmation';

export const POST = apiRoute<{ id: string }>(
  async ({ request, params, viewer }) => {
    const { token } = await readJson(request, emailConfirmBody);
    return confirmEmail(params.id, token, viewer, clientInfo(request));
  },
  { viewer: 'required' },
);
