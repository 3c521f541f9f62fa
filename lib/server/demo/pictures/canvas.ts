import 'server-only';
import { Rng } from './random';

export const W = 1400;
export const H = 1050;
export const COVER_W = 466;
export const COVER_H = 350;

// Design tokens.
export const INK = '#10212b';
export const SEA = '#0b5d7a';
export const FOAM = '#e6f3f5';
export const CORAL = '#ff6b4a';
export const SAND = '#f6f1ea';
export const WHITE = '#ffffff';
export const LAMP = '#ffd27a';

// ------------------------------------------------------------------------------------------ svg

export type Pt = [number, number];
type Stop = [offset: number, color: string, opacity?: number];

export const f = (n: number): string => (Math.round(n * 10) / 10).toString();

export class Scene {
  private readonly defs: string[] = [];
  private readonly parts: string[] = [];
  private counter = 0;

  add(...markup: string[]): void {
    this.parts.push(...markup);
  }

  private stops(stops: Stop[]): string {
    return stops
      .map(
        ([o, c, a]) =>
          `<stop offset="${f(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${f(a * 100) === '100' ? 1 : Math.round(a * 1000) / 1000}"`}/>`,
      )
      .join('');
  }

  linear(stops: Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const id = `g${this.counter++}`;
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: Stop[], cx: number, cy: number, r: number): string {
    const id = `g${this.counter++}`;
    this.defs.push(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}">${this.stops(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** Collects markup drawn by `draw` instead of adding it, e.g. to reuse it as a reflection. */
  capture(draw: () => void): string {
    const start = this.parts.length;
    draw();
    return this.parts.splice(start).join('');
  }

  /** The drawing of `width`×`height`, rendered at `output` (scaled to fill it, cropping the overflow, like a cover). */
  svg(width: number, height: number, output = { width, height }): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${output.width}" height="${output.height}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid slice"><defs>${this.defs.join('')}</defs>${this.parts.join('')}</svg>`;
  }
}

export const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${extra}/>`;
export const stroke = (d: string, color: string, width: number, opacity = 1): string =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(width)}" stroke-linecap="round" stroke-linejoin="round"${opacity < 1 ? ` stroke-opacity="${f(opacity * 100) === '0' ? 0 : Math.round(opacity * 100) / 100}"` : ''}/>`;
export const circle = (x: number, y: number, r: number, fill: string, opacity = 1): string =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"${opacity < 1 ? ` opacity="${Math.round(opacity * 100) / 100}"` : ''}/>`;
export const ellipse = (x: number, y: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`;
export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ''): string =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`;
export const op = (o: number): string => ` opacity="${Math.round(o * 100) / 100}"`;
/** A circle as a sub-path, to merge many dots into one element. */
export const dot = (x: number, y: number, r: number): string =>
  `M${f(x - r)},${f(y)}a${f(r)},${f(r)} 0 1,0 ${f(2 * r)},0a${f(r)},${f(r)} 0 1,0 ${f(-2 * r)},0`;

/** A smooth open curve through the points (quadratic joins at midpoints). */
export function smooth(pts: Pt[], move = true): string {
  const first = pts[0] as Pt;
  let d = move ? `M${f(first[0])},${f(first[1])}` : `L${f(first[0])},${f(first[1])}`;
  for (let i = 1; i < pts.length - 1; i++) {
    const p = pts[i] as Pt;
    const q = pts[i + 1] as Pt;
    d += `Q${f(p[0])},${f(p[1])} ${f((p[0] + q[0]) / 2)},${f((p[1] + q[1]) / 2)}`;
  }
  const last = pts[pts.length - 1] as Pt;
  return `${d}L${f(last[0])},${f(last[1])}`;
}

export function polygon(pts: Pt[]): string {
  return `M${pts.map(([x, y]) => `${f(x)},${f(y)}`).join('L')}Z`;
}

/** A polygon drawn around (x, y) from corners given in units of `size`, e.g. a hull: [-0.5, 0] is size / 2 left of x. */
export function polygonAt(x: number, y: number, size: number, corners: Pt[]): string {
  return polygon(corners.map(([dx, dy]): Pt => [x + size * dx, y + size * dy]));
}

interface Ridge {
  y: (x: number) => number;
  /** Area under the ridge line down to `bottom`. */
  d: string;
  line: string;
}

export interface RidgeOptions {
  base: number;
  amp: number;
  peaks?: number;
  wMin?: number;
  wMax?: number;
  cMin?: number;
  cMax?: number;
  rough?: number;
  bottom?: number;
  /** Extra height as a function of x (0–1 scale of amp), e.g. valley sides. */
  extra?: (x: number) => number;
}

/** A silhouette of rounded hills ("sopki"): soft-saturated sum of bumps plus a little noise. */
export function makeRidge(r: Rng, o: RidgeOptions): Ridge {
  const peaks = o.peaks ?? 3;
  const bumps = Array.from({ length: peaks }, () => ({
    c: r.range(o.cMin ?? -0.1, o.cMax ?? 1.1) * W,
    w: r.range(o.wMin ?? 0.12, o.wMax ?? 0.3) * W,
    a: r.range(0.55, 1.1),
  }));
  const rough = o.rough ?? 0.08;
  const waves = Array.from({ length: 3 }, (_, i) => ({
    k: (r.range(2, 4) * Math.pow(2.1, i) * Math.PI * 2) / W,
    ph: r.range(0, Math.PI * 2),
    a: rough / Math.pow(2, i),
  }));
  const y = (x: number) => {
    let sum = 0;
    for (const b of bumps) sum += b.a * Math.exp(-(((x - b.c) / b.w) ** 2));
    let h = 1 - Math.exp(-1.4 * sum);
    let n = 0;
    for (const w of waves) n += w.a * Math.sin(w.k * x + w.ph);
    h = h * (1 + n);
    if (o.extra) h += o.extra(x);
    return o.base - o.amp * h;
  };
  const pts: Pt[] = [];
  for (let x = -60; x <= W + 60; x += 20) pts.push([x, y(x)]);
  const line = smooth(pts);
  const bottom = o.bottom ?? H + 20;
  return { y, line, d: `${line}L${W + 60},${f(bottom)}L-60,${f(bottom)}Z` };
}

/** A spruce: tiered, slightly drooping branches and a short trunk; `y` is the ground. */
export function spruce(x: number, y: number, h: number, w: number, tiers = 4): string {
  const top = y - h;
  const body = h * 0.92;
  const right: Pt[] = [];
  for (let i = 1; i <= tiers; i++) {
    const ty = top + body * (i / tiers);
    const hw = (w / 2) * (0.3 + 0.7 * (i / tiers));
    right.push([x + hw, ty]);
    if (i < tiers) right.push([x + hw * 0.38, ty - body * 0.05]);
  }
  const tw = Math.max(1, w * 0.07);
  right.push([x + tw, top + body], [x + tw, y]);
  let d = `M${f(x)},${f(top)}`;
  for (const [px, py] of right) d += `L${f(px)},${f(py)}`;
  for (let i = right.length - 1; i >= 0; i--) {
    const p = right[i] as Pt;
    d += `L${f(2 * x - p[0])},${f(p[1])}`;
  }
  return `${d}Z`;
}

/** Snow lying on the tiers of a spruce drawn with the same arguments. */
export function spruceSnow(x: number, y: number, h: number, w: number, tiers = 4): string {
  const top = y - h;
  const body = h * 0.92;
  let d = '';
  for (let i = 1; i <= tiers; i++) {
    const ty = top + body * (i / tiers);
    const prev = i === 1 ? top : top + body * ((i - 1) / tiers) - body * 0.05;
    const hw = (w / 2) * (0.3 + 0.7 * (i / tiers));
    const tier = ty - prev;
    d += polygon([
      [x, prev - 1],
      [x + hw * 0.8, ty - tier * 0.28],
      [x + hw * 0.35, ty - tier * 0.42],
      [x, ty - tier * 0.3],
      [x - hw * 0.35, ty - tier * 0.45],
      [x - hw * 0.8, ty - tier * 0.25],
    ]);
  }
  return d;
}

/** A rounded broadleaf tree (three overlapping crowns and a trunk) as one path. */
export function roundTree(x: number, y: number, s: number): string {
  return `M${f(x - s * 0.06)},${f(y)}h${f(s * 0.12)}v${f(-s * 0.6)}h${f(-s * 0.12)}Z${dot(x, y - s * 0.85, s * 0.42)}${dot(x - s * 0.3, y - s * 0.55, s * 0.3)}${dot(x + s * 0.3, y - s * 0.58, s * 0.32)}`;
}
