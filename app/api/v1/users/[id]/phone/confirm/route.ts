import { phoneConfirmBody } from '@/lib/contract/users';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/http/handler';
import { clientInfo } from '@/lib/server/accounts/session-response';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { confirmPhoneChange } from '@/lib/server/accounts/phone-change';

export const POST = apiRoute<{ id: string }>(async ({ request, params }) => {
  const viewer = await requireViewer(request);
  const { code } = await readJson(request, phoneConfirmBody);
  return confirmPhoneChange(params.id, code, viewer, clientInfo(request));
});
