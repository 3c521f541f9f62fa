import { phoneChangeBody } from '@/lib/contract/users';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/http/handler';
import { clientInfo } from '@/lib/server/accounts/session-response';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { getAccountPhone, requestPhoneChange } from '@/lib/server/accounts/phone-change';

export const GET = apiRoute<{ id: string }>(async ({ request, params }) =>
  getAccountPhone(params.id, await requireViewer(request)),
);

export const POST = apiRoute<{ id: string }>(async ({ request, params, language }) => {
  const viewer = await requireViewer(request);
  const { phone } = await readJson(request, phoneChangeBody);
  return requestPhoneChange(params.id, phone, language, viewer, clientInfo(request));
});
