import 'server-only';
import {
  INK,
  SAND,
  WHITE,
  SEA,
  LAMP,
  FOAM,
  f,
  Scene,
  path,
  stroke,
  ellipse,
  rect,
  op,
  polygon,
  polygonAt,
} from './canvas';
import { mix, type Palette } from './palette';

/** Boats on the water, in the palette's light: `(x, y)` is the middle of the waterline. */

export function sailboat(s: Scene, p: Palette, x: number, y: number, size: number, flipSail = false): void {
  const hull = p.tint(mix(INK, p.near, 0.25));
  const sail = p.tint(mix(WHITE, SAND, 0.4));
  const m = flipSail ? -1 : 1;
  s.add(
    path(
      polygonAt(x, y, size, [
        [-0.62, 0],
        [0.62, 0],
        [0.44, 0.17],
        [-0.46, 0.17],
      ]),
      hull,
    ),
    path(
      polygon([
        [x + m * 3, y - size * 1.28],
        [x + m * 3, y - size * 0.08],
        [x + m * size * 0.58, y - size * 0.08],
      ]),
      sail,
    ),
    path(
      polygon([
        [x - m * 3, y - size * 1.05],
        [x - m * 3, y - size * 0.08],
        [x - m * size * 0.45, y - size * 0.08],
      ]),
      p.accent,
    ),
    rect(x - 1.5, y - size * 1.32, 3, size * 1.32, hull),
    ellipse(x, y + size * 0.3, size * 0.55, size * 0.05, INK, op(0.18)),
  );
}

export function motorboat(s: Scene, p: Palette, x: number, y: number, size: number): void {
  const hull = p.tint(mix(WHITE, SAND, 0.3));
  s.add(
    path(
      polygonAt(x, y, size, [
        [-0.7, -0.05],
        [0.75, -0.12],
        [0.5, 0.16],
        [-0.62, 0.16],
      ]),
      hull,
    ),
    rect(x - size * 0.62, y + size * 0.06, size * 1.2, size * 0.05, p.accent),
    path(
      polygonAt(x, y, size, [
        [-0.35, -0.05],
        [-0.3, -0.38],
        [0.12, -0.38],
        [0.28, -0.08],
      ]),
      p.tint(mix(SEA, INK, 0.3)),
    ),
    rect(
      x - size * 0.24,
      y - size * 0.3,
      size * 0.14,
      size * 0.12,
      p.tod === 'night' || p.tod === 'dusk' ? LAMP : FOAM,
      op(0.9),
    ),
    stroke(`M${f(x - size * 0.7)},${f(y + size * 0.2)}h${f(-size * 0.9)}`, p.foam, Math.max(2, size * 0.05), 0.5),
  );
}
