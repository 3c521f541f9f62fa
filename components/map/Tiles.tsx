'use client';

import { TileLayer } from 'react-leaflet';
import { TILE_ATTRIBUTION } from '@/lib/map/tiles';

/** The tiles of every map, with the attribution their provider requires. */
export function Tiles({ url }: { url: string }) {
  return <TileLayer url={url} attribution={TILE_ATTRIBUTION} />;
}
