'use client';

import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LeafletKeyboardEvent, Map as LeafletMap, Marker as LeafletMarker } from 'leaflet';
import { MapContainer, Marker, Popup, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { useLocale, useTranslations } from 'next-intl';
import { useApplyFilters } from '@/components/filters/useListingFilters';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { buttonClass } from '@/components/ui/button';
import { ideaMarkersQuery } from '@/lib/api/queries';
import type { IdeaMarker } from '@/lib/contract/markers';
import { formatMoney } from '@/lib/format/money';
import type { AppLocale } from '@/lib/i18n/locales';
import { formatBbox, parseBbox } from '@/lib/listing/bbox';
import { setFilters, type Filters } from '@/lib/listing/filters';
import { markerParams } from '@/lib/listing/params';
import { boundsOf, clusterPoints, type Cluster } from '@/lib/map/cluster';
import { MarkerCard } from './MarkerCard';
import { pinIcon } from './pin-icon';
import { Tiles } from './Tiles';
import styles from './Map.module.css';

/** Vladivostok, where the map opens before its pins arrive. */
const HOME_VIEW = { center: [43.115, 131.885] as [number, number], zoom: 11 };
const MAX_ZOOM = 18;
const FIT_PADDING: [number, number] = [48, 48];
/**
 * How far from the map's top-left corner an opening card is panned: clear of "search this area" (Map.module.css
 * `.searchArea`, at most 72 px down the map and 44 px tall), which appears when that pan moves the map.
 */
const POPUP_PAN_PADDING: [number, number] = [16, 128];

/**
 * The listing as a map (SPEC issue 22): every result of the filters as a pin, clustered when close; a pin
 * opens a small card; after the visitor moves the map, "search this area" narrows the listing to it (`bbox`).
 * Loaded only when the map is shown (ListingMapView), with Leaflet and its CSS.
 */
export function ListingMap({ filters, tileUrl }: { filters: Filters; tileUrl: string }) {
  const t = useTranslations('map');
  const locale = useLocale() as AppLocale;
  const params = useMemo(() => markerParams(filters), [filters]);
  const { data, isError, refetch } = useLiveQuery(ideaMarkersQuery(locale, params));
  const { apply } = useApplyFilters(filters);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [moved, setMoved] = useState(false);
  const area = filters.bbox ? parseBbox(filters.bbox) : null;

  const searchArea = () => {
    if (!map) return;
    const bounds = map.getBounds();
    setMoved(false);
    apply(
      setFilters(filters, {
        bbox: formatBbox({
          minLon: bounds.getWest(),
          minLat: bounds.getSouth(),
          maxLon: bounds.getEast(),
          maxLat: bounds.getNorth(),
        }),
      }),
    );
  };

  return (
    <div className={styles.listingMap}>
      <p className={styles.count} aria-live="polite">
        {isError
          ? t('error')
          : data
            ? t(data.meta.total_capped ? 'onMapCapped' : 'onMap', { count: data.meta.total })
            : t('loading')}
        {data && (data.meta.total_capped || data.meta.total > data.data.length)
          ? ` ${t('capped', { shown: data.data.length })}`
          : null}
        {isError ? (
          <button type="button" className={buttonClass('secondary')} onClick={() => void refetch()}>
            {t('retry')}
          </button>
        ) : null}
      </p>
      <MapContainer
        className={styles.map}
        ref={setMap}
        maxZoom={MAX_ZOOM}
        zoomControl={false}
        {...(area
          ? {
              bounds: [
                [area.minLat, area.minLon],
                [area.maxLat, area.maxLon],
              ],
            }
          : HOME_VIEW)}
      >
        <Tiles url={tileUrl} />
        <ZoomControl position="topright" zoomInTitle={t('zoomIn')} zoomOutTitle={t('zoomOut')} />
        <Pins markers={data?.data} fitToPins={!area} onUserMove={() => setMoved(true)} />
      </MapContainer>
      {moved ? (
        <button type="button" className={`${buttonClass('primary')} ${styles.searchArea}`} onClick={searchArea}>
          {t('searchArea')}
        </button>
      ) : null}
    </div>
  );
}

/** The pins, clustered for the current zoom; fits the map to them when they change (unless an area is set). */
function Pins({
  markers,
  fitToPins,
  onUserMove,
}: {
  markers: IdeaMarker[] | undefined;
  fitToPins: boolean;
  onUserMove: () => void;
}) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  // Moves the page makes itself (fitting to new pins) do not offer "search this area".
  const fitting = useRef(false);
  useMapEvents({
    zoomend: () => setZoom(map.getZoom()),
    moveend: () => {
      if (fitting.current) fitting.current = false;
      else onUserMove();
    },
  });

  useEffect(() => {
    if (!fitToPins || !markers?.length) return;
    fitting.current = true;
    map.fitBounds(boundsOf(markers), { padding: FIT_PADDING, maxZoom: 14, animate: false });
  }, [map, markers, fitToPins]);

  const clusters = useMemo(
    () =>
      // At the deepest zoom pins that still share a cell stand at one spot: each is shown, to be opened.
      zoom >= MAX_ZOOM
        ? (markers ?? []).map((marker) => ({ lat: marker.lat, lon: marker.lon, items: [marker] }))
        : clusterPoints(markers ?? [], zoom),
    [markers, zoom],
  );

  return clusters.map((cluster) =>
    cluster.items.length === 1 ? (
      <IdeaPin key={cluster.items[0].hid} marker={cluster.items[0]} />
    ) : (
      <ClusterPin key={cluster.items.map((item) => item.hid).join()} cluster={cluster} />
    ),
  );
}

const isActivation = (event: LeafletKeyboardEvent) =>
  event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ';

function ClusterPin({ cluster }: { cluster: Cluster<IdeaMarker> }) {
  const t = useTranslations('map');
  const map = useMap();
  const count = cluster.items.length;
  const icon = useMemo(
    () => pinIcon({ shown: String(count), spoken: t('cluster', { count }), kind: 'cluster', count }),
    [count, t],
  );
  const zoomIn = () => map.fitBounds(boundsOf(cluster.items), { padding: FIT_PADDING });
  return (
    <Marker
      position={[cluster.lat, cluster.lon]}
      icon={icon}
      eventHandlers={{
        click: zoomIn,
        keypress: (event) => {
          if (isActivation(event)) zoomIn();
        },
      }}
    />
  );
}

function IdeaPin({ marker }: { marker: IdeaMarker }) {
  const locale = useLocale() as AppLocale;
  const ref = useRef<LeafletMarker>(null);
  const icon = useMemo(
    () =>
      pinIcon({
        shown: marker.price === null ? '•' : formatMoney(marker.price, marker.currency, locale),
        spoken: marker.title,
        kind: 'idea',
      }),
    [marker, locale],
  );
  return (
    <Marker
      ref={ref}
      position={[marker.lat, marker.lon]}
      icon={icon}
      eventHandlers={{
        keypress: (event) => {
          if (isActivation(event)) ref.current?.openPopup();
        },
        // The card's link takes the focus, so that a keyboard user lands in what they opened.
        popupopen: (event) => event.popup.getElement()?.querySelector<HTMLElement>('[data-card-link]')?.focus(),
      }}
    >
      <Popup className={styles.popup} minWidth={200} maxWidth={240} autoPanPaddingTopLeft={POPUP_PAN_PADDING}>
        <MarkerCard marker={marker} />
      </Popup>
    </Marker>
  );
}
