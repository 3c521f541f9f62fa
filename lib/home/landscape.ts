/**
 * The home hero's picture: Primorye's sopki (round hills) over the sea, drawn as layered ridges. Generated from a
 * seed rather than shipped as a photo, so it costs a few hundred bytes of inline SVG, no request and no image
 * decode before the first paint, and looks the same on every render (the page is cached).
 */

import { seededRandom } from '@/lib/seeded-random';

export const LANDSCAPE_WIDTH = 1600;
export const LANDSCAPE_HEIGHT = 300;
/** Where the bay's water line is: the near hill rises from it. */
export const BAY_LEVEL = 228;

export interface Ridge {
  /** The layer's name: its CSS class picks the colour (far layers are paler). */
  layer: 'far' | 'middle' | 'near';
  /** A closed SVG path: the ridge line, then down to the bottom edge. */
  path: string;
}

/** `slope` lowers the ridge towards the right: the near hill stands on the left and leaves the bay open. */
const LAYERS: { layer: Ridge['layer']; base: number; amplitude: number; waves: number; slope: number }[] = [
  { layer: 'far', base: 130, amplitude: 75, waves: 5, slope: 0 },
  { layer: 'middle', base: 175, amplitude: 65, waves: 4, slope: 20 },
  { layer: 'near', base: 170, amplitude: 80, waves: 2.5, slope: 300 },
];

/** Horizontal distance between the points of a ridge line, in viewBox units. */
const STEP = 25;

/** The three ridges, back to front, for a seed. Every point lies inside the picture. */
export function landscapeRidges(seed = 7): Ridge[] {
  // Deterministic: the same seed always draws the same hills.
  const next = seededRandom(seed);
  return LAYERS.map(({ layer, base, amplitude, waves, slope }) => {
    // Three sine waves of falling weight: broad hills with smaller shoulders on them.
    const harmonics = [1, 2.3, 4.1].map((multiple, index) => ({
      frequency: ((waves * multiple) / LANDSCAPE_WIDTH) * Math.PI,
      phase: next() * Math.PI * 2,
      weight: [0.6, 0.28, 0.12][index],
    }));
    const points: string[] = [];
    for (let x = 0; x <= LANDSCAPE_WIDTH; x += STEP) {
      const wave = harmonics.reduce((sum, h) => sum + h.weight * Math.sin(x * h.frequency + h.phase), 0);
      const y = Math.min(LANDSCAPE_HEIGHT, Math.max(0, base - amplitude * wave + (slope * x) / LANDSCAPE_WIDTH));
      points.push(`${x} ${y.toFixed(1)}`);
    }
    return { layer, path: `M${points.join('L')}V${LANDSCAPE_HEIGHT}H0Z` };
  });
}
