'use client';

import 'leaflet/dist/leaflet.css';
import { useMemo } from 'react';
import { MapContainer, Marker } from 'react-leaflet';
import type { IdeaLocationProps } from './IdeaLocation';
import { pinIcon } from './pin-icon';
import { Tiles } from './Tiles';
import styles from './Map.module.css';

/** The idea page's map: the point with a pin, zoomable but not in the way of scrolling the page. */
export function IdeaMap({ lat, lon, label, tileUrl }: IdeaLocationProps) {
  const icon = useMemo(() => pinIcon({ shown: '', spoken: label, kind: 'place' }), [label]);
  return (
    <MapContainer className={styles.map} center={[lat, lon]} zoom={14} scrollWheelZoom={false}>
      <Tiles url={tileUrl} />
      <Marker position={[lat, lon]} icon={icon} keyboard={false} interactive={false} />
    </MapContainer>
  );
}
