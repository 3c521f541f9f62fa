import { patchUserBody } from '@/lib/contract/users';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { patchUser } from '@/lib/server/accounts/users';

export const PATCH = apiRoute<{ id: string }>(
  async ({ request, params, viewer }) => patchUser(params.id, await readJson(request, patchUserBody), viewer),
  { viewer: 'required' },
);
