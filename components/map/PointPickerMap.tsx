'use client';

import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { useTranslations } from 'next-intl';
import { pinIcon } from './pin-icon';
import { Tiles } from './Tiles';
import styles from './Map.module.css';

/** Vladivostok, where the map opens before a point is set. */
const HOME_VIEW = { center: [43.115, 131.885] as [number, number], zoom: 11 };
const POINT_ZOOM = 15;
/** Five decimals: about a metre, as precise as a meeting point needs. */
const round = (value: number) => Math.round(value * 1e5) / 1e5;

export interface PointPickerMapProps {
  point: { lat: number; lon: number } | null;
  /** The pin's spoken name. */
  label: string;
  tileUrl: string;
  onPick: (lat: number, lon: number) => void;
}

/**
 * A map to pick one point on (the idea editor's meeting point): a click puts the pin there; a point set from
 * outside (typed coordinates, an address found) moves the pin and brings it into view.
 */
export function PointPickerMap({ point, label, tileUrl, onPick }: PointPickerMapProps) {
  const t = useTranslations('map');
  return (
    <MapContainer
      className={styles.map}
      zoomControl={false}
      scrollWheelZoom={false}
      {...(point ? { center: [point.lat, point.lon], zoom: POINT_ZOOM } : HOME_VIEW)}
    >
      <Tiles url={tileUrl} />
      <ZoomControl position="topright" zoomInTitle={t('zoomIn')} zoomOutTitle={t('zoomOut')} />
      <Picker point={point} label={label} onPick={onPick} />
    </MapContainer>
  );
}

function Picker({ point, label, onPick }: Omit<PointPickerMapProps, 'tileUrl'>) {
  const map = useMap();
  useMapEvents({ click: (event) => onPick(round(event.latlng.lat), round(event.latlng.lng)) });
  const icon = useMemo(() => pinIcon({ shown: '', spoken: label, kind: 'place' }), [label]);
  const lat = point?.lat;
  const lon = point?.lon;
  useEffect(() => {
    if (lat === undefined || lon === undefined) return;
    if (!map.getBounds().contains([lat, lon])) map.setView([lat, lon], Math.max(map.getZoom(), POINT_ZOOM - 2));
  }, [map, lat, lon]);
  return point ? <Marker position={[point.lat, point.lon]} icon={icon} keyboard={false} interactive={false} /> : null;
}
