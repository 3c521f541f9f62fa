import { emailChangeBody } from '@/lib/contract/email-confirmation';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/http/handler';
import { clientInfo } from '@/lib/server/accounts/session-response';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { getAccountEmail, requestEmailConfirmation } from '@/lib/server/accounts/email-confirmation';

export const GET = apiRoute<{ id: string }>(async ({ request, params }) =>
  getAccountEmail(params.id, await requireViewer(request)),
);

export const POST = apiRoute<{ id: string }>(async ({ request, params, language }) => {
  const viewer = await requireViewer(request);
  const { email } = await readJson(request, emailChangeBody);
  return requestEmailConfirmation(params.id, email, language, viewer, clientInfo(request));
});
