'use client';

import { clientOnly } from '@/components/ui/clientOnly';
import { useNearScreenOnce } from '@/components/ui/useNearScreen';
import styles from './MapView.module.css';

const IdeaMap = clientOnly(() => import('./IdeaMap').then((module) => module.IdeaMap));

export interface IdeaLocationProps {
  lat: number;
  lon: number;
  /** What stands at the point (the idea's title, or its meeting point): the pin's and the map's name. */
  label: string;
  mapLabel: string;
  tileUrl: string;
}

/**
 * A small map of one point on the idea page. It costs the page nothing until it scrolls near the screen: only
 * then do Leaflet and the tiles load.
 */
export function IdeaLocation(props: IdeaLocationProps) {
  const [box, near] = useNearScreenOnce<HTMLDivElement>('200px 0px');
  return (
    <div ref={box} className={styles.ideaMap} role="group" aria-label={props.mapLabel}>
      {near ? <IdeaMap {...props} /> : null}
    </div>
  );
}
