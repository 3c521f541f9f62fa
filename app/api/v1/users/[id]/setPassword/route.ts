import { setPasswordBody } from '@/lib/contract/users';
import { readSessionCookie } from '@/lib/server/accounts/cookies';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { setPassword } from '@/lib/server/accounts/users';

export const PATCH = apiRoute<{ id: string }>(
  async ({ request, params, viewer }) =>
    setPassword(params.id, await readJson(request, setPasswordBody), viewer, readSessionCookie(request)),
  { viewer: 'required' },
);
