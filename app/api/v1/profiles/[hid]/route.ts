import { patchProfileBody, profileQuery } from '@/lib/contract/users';
import { readJson } from '@/lib/server/http/body';
import { apiRoute, queryObject } from '@/lib/server/http/handler';
import { requireViewer, viewerOf } from '@/lib/server/accounts/auth-viewer';
import { getProfile, patchProfile } from '@/lib/server/accounts/users';

export const GET = apiRoute<{ hid: string }>(async ({ request, params, language }) => {
  const { include } = profileQuery.parse(queryObject(request));
  return getProfile(params.hid, include === 'user', language, await viewerOf(request));
});

export const PATCH = apiRoute<{ hid: string }>(async ({ request, params, language }) => {
  const viewer = await requireViewer(request);
  return patchProfile(params.hid, await readJson(request, patchProfileBody), language, viewer);
});
