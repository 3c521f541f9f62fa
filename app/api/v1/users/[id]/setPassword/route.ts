import { setPasswordBody } from '@/lib/api/schemas/users';
import { readSessionCookie } from '@/lib/server/auth/cookies';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/services/auth-viewer';
import { setPassword } from '@/lib/server/services/users';

export const PATCH = apiRoute<{ id: string }>(async ({ request, params }) => {
  const viewer = await requireViewer(request);
  return setPassword(params.id, await readJson(request, setPasswordBody), viewer, readSessionCookie(request));
});
