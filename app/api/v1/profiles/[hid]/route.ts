import { patchProfileBody, profileQuery } from '@/lib/contract/users';
import { readJson } from '@/lib/server/http/body';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';
import { getProfile, patchProfile } from '@/lib/server/accounts/users';

export const GET = apiRoute<{ hid: string }>(
  async ({ request, params, language, viewer }) => {
    const { include } = profileQuery.parse(queryObject(request));
    return getProfile(params.hid, include === 'user', language, viewer);
  },
  { viewer: 'optional' },
);

export const PATCH = apiRoute<{ hid: string }>(
  async ({ request, params, language, viewer }) =>
    patchProfile(params.hid, await readJson(request, patchProfileBody), language, viewer),
  { viewer: 'required' },
);
