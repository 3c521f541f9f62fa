import { phoneConfirmBody } from '@/lib/contract/users';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { clientInfo } from '@/lib/server/accounts/session-response';
import { confirmPhoneChange } from '@/lib/server/accounts/phone-change';

export const POST = apiRoute<{ id: string }>(
  async ({ request, params, viewer }) => {
    const { code } = await readJson(request, phoneConfirmBody);
    return confirmPhoneChange(params.id, code, viewer, clientInfo(request));
  },
  { viewer: 'required' },
);
