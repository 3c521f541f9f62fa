import { divIcon, type DivIcon } from 'leaflet';
import styles from './Map.module.css';

/**
 * A pin drawn by the page's own CSS (DESIGN.md: sea-coloured, with a text inside) rather than Leaflet's default
 * pictures. Built from DOM nodes with `textContent`, so no title becomes markup. `spoken` is the part only screen
 * readers hear (the marker is a button whose name is its content).
 */
export function pinIcon({
  shown,
  spoken,
  kind,
  count = 1,
}: {
  shown: string;
  spoken: string;
  kind: 'idea' | 'cluster' | 'place';
  count?: number;
}): DivIcon {
  const body = document.createElement('span');
  body.className = `${styles.pinBody} ${styles[kind]}`;
  body.dataset.count = String(count);
  const visible = document.createElement('span');
  visible.setAttribute('aria-hidden', 'true');
  visible.textContent = shown;
  const hidden = document.createElement('span');
  hidden.className = 'visually-hidden';
  hidden.textContent = spoken;
  body.append(visible, hidden);
  // A zero-sized icon at the point; the body centres itself on it.
  return divIcon({ html: body, className: styles.pin, iconSize: [0, 0] });
}
