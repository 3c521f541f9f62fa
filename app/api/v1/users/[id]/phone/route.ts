import { phoneChangeBody } from '@/lib/contract/users';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { clientInfo } from '@/lib/server/accounts/session-response';
import { getAccountPhone, requestPhoneChange } from '@/lib/server/accounts/phone-change';

export const GET = apiRoute<{ id: string }>(async ({ params, viewer }) => getAccountPhone(params.id, viewer), {
  viewer: 'required',
});

export const POST = apiRoute<{ id: string }>(
  async ({ request, params, language, viewer }) => {
    const { phone } = await readJson(request, phoneChangeBody);
    return requestPhoneChange(params.id, phone, language, viewer, clientInfo(request));
  },
  { viewer: 'required' },
);
