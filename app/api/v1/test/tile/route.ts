import { NextResponse } from 'next/server';
import { testRoute } from '@/lib/server/routes/test-route';

/** One pixel of the design's foam colour, which Leaflet stretches over the 256-pixel tile. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN49vkrAAWRAs+dN6RMAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * Test support: a map tile for every {z}/{x}/{y}, so that journeys with a map run offline (the e2e server's
 * MAP_TILE_URL points here). Never on a deployment, like every test route.
 */
export const GET = testRoute(
  async () =>
    new NextResponse(TILE, { headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' } }),
);
