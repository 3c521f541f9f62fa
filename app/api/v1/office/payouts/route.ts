import { monthQuery, payoutBody } from '@/lib/contract/earnings';
import { listPayouts, markPayout } from '@/lib/server/earnings/payouts';
import { readJson } from '@/lib/server/http/body';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';

const forbidden = 'Only moderators and admins see and mark payouts.';

export const GET = apiRoute(
  async ({ request, language }) => listPayouts(monthQuery.parse(queryObject(request)), language),
  { viewer: 'moderator', forbidden },
);

export const POST = apiRoute(
  async ({ request, language, viewer }) => ({
    data: await markPayout(await readJson(request, payoutBody), viewer, language),
  }),
  { viewer: 'moderator', forbidden },
);
