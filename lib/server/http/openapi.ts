import 'server-only';
import { authPaths } from '@/lib/contract/openapi/auth';
import { bookingPaths } from '@/lib/contract/openapi/bookings';
import { catalogPaths } from '@/lib/contract/openapi/catalog';
import { departurePaths } from '@/lib/contract/openapi/departures';
import { earningsPaths } from '@/lib/contract/openapi/earnings';
import { eventPaths } from '@/lib/contract/openapi/events';
import { conversationPaths } from '@/lib/contract/openapi/conversations';
import { favouritePaths } from '@/lib/contract/openapi/favourites';
import { ideaPaths } from '@/lib/contract/openapi/ideas';
import { paymentPaths } from '@/lib/contract/openapi/payments';
import { placePaths } from '@/lib/contract/openapi/places';
import { reviewPaths } from '@/lib/contract/openapi/reviews';
import { searchPaths } from '@/lib/contract/openapi/search';
import { userPaths } from '@/lib/contract/openapi/users';

/**
 * The API's own description (GET /api/v1/openapi.json), generated from the zod schemas it validates with: each
 * domain's paths come from its file in lib/contract/openapi/, beside that domain's contract.
 */
export function openApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sopka API',
      version: '1.0.0',
      description: 'Trip ideas around Vladivostok and Primorye. Errors are RFC 9457 problem+json.',
    },
    servers: [{ url: '/api/v1' }],
    paths: {
      '/openapi.json': {
        get: {
          summary: 'This document',
          responses: {
            '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } },
          },
        },
      },
      ...catalogPaths(),
      ...ideaPaths(),
      ...placePaths(),
      ...searchPaths(),
      ...authPaths(),
      ...userPaths(),
      ...bookingPaths(),
      ...reviewPaths(),
      ...favouritePaths(),
      ...paymentPaths(),
      ...departurePaths(),
      ...earningsPaths(),
      ...eventPaths(),
      ...conversationPaths(),
    },
  };
}
