import 'server-only';
import {
  W,
  H,
  INK,
  WHITE,
  type Pt,
  f,
  Scene,
  path,
  stroke,
  circle,
  rect,
  op,
  dot,
  smooth,
  polygon,
  makeRidge,
  type RidgeOptions,
} from './canvas';
import { mix, type Palette } from './palette';
import { Rng } from './random';

// ------------------------------------------------------------------------------------------ shared pieces

interface Sun {
  x: number;
  y: number;
  r: number;
}

export function placeSun(p: Palette, r: Rng, horizon: number, xMin = 0.15, xMax = 0.85): Sun {
  const x = r.range(xMin, xMax) * W;
  if (p.tod === 'day') return { x, y: Math.min(r.range(0.1, 0.22) * H, horizon - 140), r: r.range(40, 54) };
  if (p.tod === 'night') return { x, y: Math.min(r.range(0.1, 0.22) * H, horizon - 160), r: r.range(30, 38) };
  return { x, y: horizon - r.range(25, Math.max(60, Math.min(170, horizon * 0.45))), r: r.range(56, 76) };
}

export function drawSky(s: Scene, p: Palette, r: Rng, horizon: number, sun: Sun | null, clouds = 3): void {
  const grad = s.linear(
    [
      [0, p.skyTop],
      [0.6, mix(p.skyTop, p.skyBottom, 0.62)],
      [1, p.skyBottom],
    ],
    0,
    0,
    0,
    Math.max(200, horizon),
  );
  s.add(rect(0, 0, W, H, grad));
  if (p.tod === 'night') {
    let stars = '';
    let bright = '';
    for (let i = 0; i < 70; i++) {
      const x = r.range(0, W);
      const y = r.range(0, horizon * 0.75);
      if (r.chance(0.25)) bright += dot(x, y, r.range(1.6, 2.4));
      else stars += dot(x, y, r.range(0.8, 1.6));
    }
    s.add(path(stars, WHITE, op(0.55)), path(bright, WHITE, op(0.85)));
  }
  if (sun) {
    const glowR = sun.r * (p.tod === 'day' ? 4.5 : 7);
    s.add(
      circle(
        sun.x,
        sun.y,
        glowR,
        s.radial(
          [
            [0, p.glow, p.tod === 'day' ? 0.55 : 0.7],
            [0.3, p.glow, p.tod === 'day' ? 0.18 : 0.3],
            [1, p.glow, 0],
          ],
          sun.x,
          sun.y,
          glowR,
        ),
      ),
      circle(sun.x, sun.y, sun.r, p.sun),
    );
    if (p.tod === 'night')
      s.add(
        circle(sun.x - sun.r * 0.3, sun.y - sun.r * 0.15, sun.r * 0.22, p.skyTop, 0.12),
        circle(sun.x + sun.r * 0.25, sun.y + sun.r * 0.3, sun.r * 0.16, p.skyTop, 0.1),
      );
  }
  for (let i = 0; i < clouds; i++) {
    const y = r.range(0.12, 0.8) * horizon;
    const x = r.range(-0.05, 1.05) * W;
    if (r.chance(0.4)) {
      const w = r.range(180, 420);
      s.add(rect(x - w / 2, y, w, r.range(8, 16), p.cloud, ` rx="8"${op(r.range(0.35, 0.6))}`));
    } else {
      cloud(s, r, x, y, r.range(140, 300) * (0.6 + (y / horizon) * 0.6), p.cloud, r.range(0.55, 0.85));
    }
  }
}

export function cloud(s: Scene, r: Rng, x: number, y: number, w: number, color: string, opacity: number): void {
  const n = r.int(3, 5);
  const h = w * 0.24;
  let d = `M${f(x - w / 2 + h * 0.25)},${f(y)}h${f(w - h * 0.5)}a${f(h * 0.25)},${f(h * 0.25)} 0 0,0 0,${f(-h * 0.5)}h${f(-(w - h * 0.5))}a${f(h * 0.25)},${f(h * 0.25)} 0 0,0 0,${f(h * 0.5)}Z`;
  for (let k = 0; k < n; k++) {
    const cx = x - w / 2 + (w * (k + 0.5)) / n + r.range(-8, 8);
    const rad = h * (0.45 + 0.6 * Math.sin((Math.PI * (k + 0.5)) / n)) * r.range(0.8, 1.1);
    d += dot(cx, y - rad * 0.95, rad);
  }
  s.add(path(d, color, op(opacity)));
}

interface WaterOptions {
  sun?: Sun | null;
  shimmer?: number;
  /** Markup drawn over the water but under the shimmer, e.g. reflections. */
  reflection?: string;
}

export function drawWater(s: Scene, p: Palette, r: Rng, top: number, o: WaterOptions = {}): void {
  s.add(
    rect(
      0,
      top,
      W,
      H - top,
      s.linear(
        [
          [0, p.waterTop],
          [0.35, p.water],
          [1, p.waterDeep],
        ],
        0,
        top,
        0,
        H,
      ),
    ),
  );
  s.add(rect(0, top - 1, W, 3, p.foam, op(0.35)));
  if (o.reflection) s.add(o.reflection);
  const n = o.shimmer ?? 40;
  let thin = '';
  let thick = '';
  for (let i = 0; i < n; i++) {
    const t = r.next();
    const y = top + 8 + (H - top) * t * t;
    const len = 14 + 150 * t * r.range(0.4, 1);
    const x = r.range(-20, W);
    if (t < 0.45) thin += `M${f(x)},${f(y)}h${f(len)}`;
    else thick += `M${f(x)},${f(y)}h${f(len)}`;
  }
  s.add(stroke(thin, p.foam, 2, 0.35), stroke(thick, p.foam, 4, 0.28));
  const sun = o.sun;
  if (sun && sun.y < top) {
    let d = '';
    const rows = 16;
    for (let k = 0; k < rows; k++) {
      const y = top + 6 + k * k * 1.6 + k * 6;
      if (y > H) break;
      const w = sun.r * 2.2 * (1 - k / (rows + 6)) * r.range(0.35, 1.1);
      const x = sun.x + r.range(-12, 12);
      d += `M${f(x - w / 2)},${f(y)}h${f(w)}`;
    }
    s.add(stroke(d, p.sun, p.tod === 'day' ? 4 : 6, p.tod === 'day' ? 0.45 : 0.65));
  }
}

/** Far land standing on the horizon; `layer` is its depth in the palette's layers (0 the haziest), 0.1 by default. */
export function distantLand(
  s: Scene,
  p: Palette,
  r: Rng,
  horizon: number,
  { layer = 0.1, ...ridge }: Omit<RidgeOptions, 'base'> & { layer?: number },
): void {
  s.add(path(makeRidge(r, { base: horizon + 2, ...ridge }).d, p.layer(layer)));
}

/** A band of sea in the foreground: sine crest with a foam line. */
export function waveBand(s: Scene, r: Rng, y: number, amp: number, len: number, fill: string, foam: string): void {
  const ph = r.range(0, Math.PI * 2);
  const pts: Pt[] = [];
  for (let x = -40; x <= W + 40; x += len / 8)
    pts.push([x, y + amp * Math.sin((2 * Math.PI * x) / len + ph) + amp * 0.3 * Math.sin((5 * Math.PI * x) / len)]);
  const line = smooth(pts);
  s.add(path(`${line}L${W + 40},${H + 20}L-40,${H + 20}Z`, fill), stroke(line, foam, 3.5, 0.7));
}

/** A flock of gulls: dark against the sky, light against the night sky. */
export function birds(
  s: Scene,
  p: Palette,
  r: Rng,
  x: number,
  y: number,
  spread: number,
  count: number,
  size: number,
): void {
  let d = '';
  for (let i = 0; i < count; i++) {
    const bx = x + r.range(-spread, spread);
    const by = y + r.range(-spread * 0.35, spread * 0.35);
    const sz = size * r.range(0.6, 1.15);
    const flap = r.range(0.3, 0.7);
    d += `M${f(bx - sz)},${f(by - sz * 0.1)}Q${f(bx - sz * 0.5)},${f(by - sz * flap)} ${f(bx)},${f(by)}Q${f(bx + sz * 0.5)},${f(by - sz * flap)} ${f(bx + sz)},${f(by - sz * 0.1)}`;
  }
  s.add(stroke(d, p.tod === 'night' ? p.foam : p.ink, Math.max(2, size * 0.13), 0.75));
}

interface CapeOptions {
  /** x of the tip; the land comes from the left edge. */
  tipX: number;
  /** Land height at the left edge and at the tip. */
  yStart: number;
  yTip: number;
  /** Height of the rocky cliff at the tip. */
  cliff: number;
  /** How much lower the waterline is at the left edge than at the tip (nearer to the viewer). */
  slope: number;
  rock: string;
  grass: string;
  foam: string;
}

/** A cape seen from the side: a grassy headland from the left edge over a rocky cliff band in the water. */
export function drawCape(s: Scene, r: Rng, o: CapeOptions): (x: number) => number {
  const phase = r.range(0, 6);
  const bump = r.range(10, 30);
  const span = o.tipX + 60;
  const surface = (x: number) => {
    const u = Math.max(0, Math.min(1, (x + 60) / span));
    const ease = u * u * (3 - 2 * u);
    return (
      o.yStart +
      (o.yTip - o.yStart) * ease -
      bump * Math.sin(u * Math.PI * 2.2 + phase) * (1 - u) -
      10 * Math.sin(u * Math.PI)
    );
  };
  const waterY = (x: number) => {
    const u = Math.max(0, Math.min(1, (x + 60) / span));
    return o.yTip + o.cliff + o.slope * (1 - u) + 5 * Math.sin(x * 0.013 + phase);
  };
  const grassY = (x: number) =>
    Math.max(
      surface(x) + 18,
      waterY(x) - o.cliff * (0.6 + 0.22 * Math.sin(x * 0.011 + phase * 2)) + 8 * Math.sin(x * 0.05),
    );
  const top: Pt[] = [];
  for (let x = -60; x < o.tipX; x += 20) top.push([x, surface(x)]);
  top.push([o.tipX, surface(o.tipX)]);
  const tipFoot: Pt = [o.tipX + o.cliff * 0.32, waterY(o.tipX)];
  const water: Pt[] = [tipFoot];
  for (let x = o.tipX; x >= -60; x -= 30) water.push([x, waterY(x)]);
  water.push([-60, waterY(-60)]);
  const outline = `${smooth(top)}L${f(o.tipX + o.cliff * 0.12)},${f(o.yTip + o.cliff * 0.3)}L${f(tipFoot[0])},${f(tipFoot[1])}${smooth(water, false)}Z`;
  // Shallow water around the land.
  s.add(stroke(smooth(water), o.foam, 60, 0.14), stroke(smooth(water), o.foam, 22, 0.25));
  s.add(path(outline, o.rock));
  // Lit facets and cracks in the cliff band.
  const lit = mix(o.rock, WHITE, 0.14);
  const shade = mix(o.rock, INK, 0.3);
  let facets = '';
  let cracks = '';
  for (let i = 0; i < 9; i++) {
    const x = r.range(-40, o.tipX - 10);
    const w = r.range(14, 46);
    facets += polygon([
      [x, grassY(x) - 2],
      [x + w, grassY(x + w) - 2],
      [x + w * r.range(0.4, 0.9), waterY(x + w)],
      [x - w * r.range(0, 0.4), waterY(x)],
    ]);
    const cx = x + r.range(-30, 30);
    cracks += `M${f(cx)},${f(grassY(cx) + 6)}L${f(cx + r.range(-8, 8))},${f((grassY(cx) + waterY(cx)) / 2)}L${f(cx + r.range(-10, 10))},${f(waterY(cx) - 4)}`;
  }
  facets += polygon([
    [o.tipX - o.cliff * 0.15, o.yTip + 8],
    [o.tipX + o.cliff * 0.1, o.yTip + o.cliff * 0.32],
    [tipFoot[0] - o.cliff * 0.1, tipFoot[1]],
    [o.tipX - o.cliff * 0.35, waterY(o.tipX) + 2],
  ]);
  s.add(path(facets, lit, op(0.55)), stroke(cracks, shade, 3, 0.45));
  // Grass cap draping over the rock.
  const cap: Pt[] = [];
  for (let i = top.length - 1; i >= 0; i--) {
    const x = (top[i] as Pt)[0];
    cap.push([x, grassY(x)]);
  }
  s.add(path(`${smooth(top)}${smooth(cap, false)}Z`, o.grass));
  s.add(
    path(`${smooth(top)}${smooth(top.map(([x, y]): Pt => [x, y + 10]).reverse(), false)}Z`, mix(o.grass, WHITE, 0.12)),
  );
  s.add(stroke(smooth(water), o.foam, 5, 0.85));
  return surface;
}

export function rocksInWater(
  s: Scene,
  r: Rng,
  x: number,
  y: number,
  spread: number,
  size: number,
  fill: string,
  foam: string,
): void {
  const n = r.int(2, 4);
  for (let i = 0; i < n; i++) {
    const rx = x + r.range(-spread, spread);
    const ry = y + r.range(-spread * 0.2, spread * 0.2);
    const sz = size * r.range(0.4, 1);
    s.add(
      path(
        `M${f(rx - sz)},${f(ry)}Q${f(rx - sz * 0.8)},${f(ry - sz * 0.9)} ${f(rx - sz * 0.1)},${f(ry - sz * r.range(0.7, 1.1))}Q${f(rx + sz * 0.8)},${f(ry - sz * 0.8)} ${f(rx + sz)},${f(ry)}Z`,
        fill,
      ),
      stroke(`M${f(rx - sz * 1.3)},${f(ry + 2)}h${f(sz * 2.6)}`, foam, Math.max(2, sz * 0.12), 0.8),
    );
  }
}

// ------------------------------------------------------------------------------------------ motifs

export type Painter = (s: Scene, p: Palette, r: Rng, variant: number) => void;
