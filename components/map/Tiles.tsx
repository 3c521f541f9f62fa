'use client';

import { useState } from 'react';
import { TileLayer } from 'react-leaflet';
import { useTranslations } from 'next-intl';
import { TILE_ATTRIBUTION } from '@/lib/map/tiles';
import styles from './Map.module.css';

/**
 * The tiles of every map, with the attribution their provider requires. When tiles fail (the tile server is down,
 * blocked, or the visitor offline) the map says so inside itself instead of staying a grey box; pins and their
 * cards do not depend on the tiles and keep working. Tiles that load again take the notice away.
 */
export function Tiles({ url }: { url: string }) {
  const t = useTranslations('map');
  const [failed, setFailed] = useState(false);
  return (
    <>
      <TileLayer
        url={url}
        attribution={TILE_ATTRIBUTION}
        eventHandlers={{ tileerror: () => setFailed(true), tileload: () => setFailed(false) }}
      />
      {failed ? (
        <p className={styles.tilesFailed} role="status">
          {t('tilesFailed')}
        </p>
      ) : null}
    </>
  );
}
