import 'server-only';

import sharp, { type WebpOptions } from 'sharp';

/**
 * Generated illustrations for the demo content: covers and gallery pictures of the seeded ideas and
 * the authors' avatars. There is no network at seeding time, so every picture is a flat, layered
 * travel-poster landscape built as an SVG string and rasterised with sharp. Everything is
 * deterministic: the same inputs always give the same bytes (a seeded PRNG, never Math.random).
 * Idea pictures contain no text, so missing fonts cannot spoil them.
 */

export type Motif =
  | 'sea'
  | 'hills'
  | 'city'
  | 'lighthouse'
  | 'forest'
  | 'waterfall'
  | 'bay'
  | 'bridge'
  | 'island'
  | 'food'
  | 'snow'
  | 'river';

/** The two sizes every idea picture is stored in: `cover` 466×350 (cards, pins) and `large` 1400×1050 (gallery). */
export type PictureSize = 'cover' | 'large';

const W = 1400;
const H = 1050;
const COVER_W = 466;
const COVER_H = 350;

// Design tokens.
const INK = '#10212b';
const SEA = '#0b5d7a';
const FOAM = '#e6f3f5';
const CORAL = '#ff6b4a';
const SAND = '#f6f1ea';
const WHITE = '#ffffff';
const LAMP = '#ffd27a';

// ------------------------------------------------------------------------------------------ random

/** FNV-1a with a murmur-style finaliser: a well-mixed 32-bit seed from a string. */
function hashString(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32 over a string hash. */
class Rng {
  private state: number;

  constructor(seed: string) {
    this.state = hashString(seed);
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

// ------------------------------------------------------------------------------------------ colour

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function toHex(rgb: Rgb): string {
  const c = (n: number) =>
    Math.max(0, Math.min(255, Math.round(n)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(rgb[0])}${c(rgb[1])}${c(rgb[2])}`;
}

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

function rgbToHsl([r, g, b]: Rgb): Rgb {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = (gn - bn) / d + (gn < bn ? 6 : 0);
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return [h * 60, s, l];
}

function hslToRgb([h, s, l]: Rgb): Rgb {
  const hue = (((h % 360) + 360) % 360) / 360;
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [channel(hue + 1 / 3) * 255, channel(hue) * 255, channel(hue - 1 / 3) * 255];
}

/** Interpolates in HSL, which keeps the middle tones as saturated as the ends. */
function mixHsl(a: string, b: string, t: number): string {
  const x = rgbToHsl(parseHex(a));
  const y = rgbToHsl(parseHex(b));
  let dh = y[0] - x[0];
  if (dh > 180) dh -= 360;
  if (dh < -180) dh += 360;
  return toHex(hslToRgb([x[0] + dh * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]));
}

/** Shifts hue (degrees), saturation and lightness (0–1, additive). */
function adjust(hex: string, dh: number, ds = 0, dl = 0): string {
  const [h, s, l] = rgbToHsl(parseHex(hex));
  const clamp = (n: number) => Math.max(0, Math.min(1, n));
  return toHex(hslToRgb([h + dh, clamp(s + ds), clamp(l + dl)]));
}

// ------------------------------------------------------------------------------------------ palette

type Tod = 'dawn' | 'day' | 'dusk' | 'night';

interface BaseTone {
  skyTop: string;
  skyBottom: string;
  far: string;
  near: string;
  water: string;
  waterDeep: string;
  accent: string;
}

/** Daylight tones of the eight category colour classes: moss, sea, sunset, berry, sky, pine, amber, plum. */
const BASES: readonly BaseTone[] = [
  {
    skyTop: '#8ec9cf',
    skyBottom: '#eef2dc',
    far: '#b5cf96',
    near: '#3e6b34',
    water: '#4a9a92',
    waterDeep: '#1f5f5c',
    accent: CORAL,
  },
  {
    skyTop: '#6fb9d6',
    skyBottom: FOAM,
    far: '#9cc3cc',
    near: '#16495a',
    water: '#1b7a96',
    waterDeep: SEA,
    accent: CORAL,
  },
  {
    skyTop: '#f59a7a',
    skyBottom: '#ffe2c4',
    far: '#e3a5a0',
    near: '#5e3557',
    water: '#d9876f',
    waterDeep: '#7a4a66',
    accent: '#ffd166',
  },
  {
    skyTop: '#e9a3bd',
    skyBottom: '#fbe8e4',
    far: '#cf93ae',
    near: '#661c44',
    water: '#9a6f9e',
    waterDeep: '#4e2f5e',
    accent: CORAL,
  },
  {
    skyTop: '#7cc4f2',
    skyBottom: '#eaf6fd',
    far: '#b7d4ea',
    near: '#3f6f96',
    water: '#5aa6d6',
    waterDeep: '#2a6d9e',
    accent: CORAL,
  },
  {
    skyTop: '#9fcfc0',
    skyBottom: '#eef4ea',
    far: '#8fb49c',
    near: '#123c2d',
    water: '#2f7670',
    waterDeep: '#164744',
    accent: '#ffb45a',
  },
  {
    skyTop: '#f2bd55',
    skyBottom: '#fff0cc',
    far: '#dfb877',
    near: '#6e4419',
    water: '#3f8b98',
    waterDeep: '#1f5b6a',
    accent: CORAL,
  },
  {
    skyTop: '#b29ee0',
    skyBottom: '#f2e9f6',
    far: '#a791c9',
    near: '#3a2760',
    water: '#6b62ad',
    waterDeep: '#352f74',
    accent: '#ff8f6b',
  },
];

interface TodTint {
  top: string;
  kTop: number;
  bottom: string;
  kBottom: number;
  land: string;
  kLand: number;
  sun: string;
  glow: string;
  cloud: string;
}

const TOD_TINTS: Record<Tod, TodTint> = {
  day: {
    top: '#ffffff',
    kTop: 0,
    bottom: '#ffffff',
    kBottom: 0.15,
    land: '#ffffff',
    kLand: 0,
    sun: '#fffbea',
    glow: '#fff3c4',
    cloud: '#ffffff',
  },
  dawn: {
    top: '#8d9bd6',
    kTop: 0.4,
    bottom: '#ffc4a3',
    kBottom: 0.55,
    land: '#7a6a9a',
    kLand: 0.16,
    sun: '#fff3d6',
    glow: '#ffcfae',
    cloud: '#ffe3d6',
  },
  dusk: {
    top: '#33306a',
    kTop: 0.55,
    bottom: '#ff9a5c',
    kBottom: 0.55,
    land: '#2c2040',
    kLand: 0.3,
    sun: '#ffe2a0',
    glow: '#ff9a5c',
    cloud: '#ffa98a',
  },
  night: {
    top: '#0a1630',
    kTop: 0.85,
    bottom: '#2b3f68',
    kBottom: 0.78,
    land: '#0b1424',
    kLand: 0.62,
    sun: '#f5f0dc',
    glow: '#8fa6d6',
    cloud: '#4a5d86',
  },
};

interface Palette {
  tod: Tod;
  skyTop: string;
  skyBottom: string;
  sun: string;
  glow: string;
  cloud: string;
  far: string;
  near: string;
  water: string;
  waterTop: string;
  waterDeep: string;
  foam: string;
  accent: string;
  coral: string;
  ink: string;
  sand: string;
  lamp: string;
  /** Hill colour from far (0, hazy) to near (1, dark). */
  layer: (t: number) => string;
  /** Applies the time-of-day light to a local colour (houses, boats, rocks). */
  tint: (c: string) => string;
}

function makePalette(colorClass: number, tod: Tod, hue: number, light: number): Palette {
  const index = Math.max(1, Math.min(8, Math.round(colorClass) || 2)) - 1;
  const base = BASES[index] as BaseTone;
  const j = (c: string) => adjust(c, hue, 0, light);
  const t = TOD_TINTS[tod];
  const skyTop = mix(j(base.skyTop), t.top, t.kTop);
  const skyBottom = mix(j(base.skyBottom), t.bottom, t.kBottom);
  const tint = (c: string) => mix(c, t.land, t.kLand);
  const far = tint(mix(j(base.far), skyBottom, 0.3));
  const near = tint(j(base.near));
  let water = j(base.water);
  let waterDeep = j(base.waterDeep);
  if (tod === 'dusk') {
    water = mix(water, '#c9785f', 0.3);
    waterDeep = mix(waterDeep, '#2c2040', 0.35);
  } else if (tod === 'dawn') {
    water = mix(water, '#c9a3c0', 0.25);
  } else if (tod === 'night') {
    water = mix(water, '#12243f', 0.72);
    waterDeep = mix(waterDeep, '#070f1e', 0.7);
  }
  return {
    tod,
    skyTop,
    skyBottom,
    sun: t.sun,
    glow: t.glow,
    cloud: tod === 'day' ? mix(WHITE, skyBottom, 0.25) : mix(t.cloud, skyTop, 0.25),
    far,
    near,
    water,
    waterTop: mix(water, skyBottom, 0.4),
    waterDeep,
    foam: mix(FOAM, skyBottom, tod === 'night' ? 0.5 : 0.25),
    accent: tint(base.accent),
    coral: tint(CORAL),
    ink: INK,
    sand: tint(SAND),
    lamp: LAMP,
    layer: (k: number) => {
      const t = Math.pow(Math.max(0, Math.min(1, k)), 0.95);
      return mix(mix(far, near, t), mixHsl(far, near, t), 0.6);
    },
    tint,
  };
}

// ------------------------------------------------------------------------------------------ svg

type Pt = [number, number];
type Stop = [offset: number, color: string, opacity?: number];

const f = (n: number): string => (Math.round(n * 10) / 10).toString();

class Scene {
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

const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${extra}/>`;
const stroke = (d: string, color: string, width: number, opacity = 1): string =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(width)}" stroke-linecap="round" stroke-linejoin="round"${opacity < 1 ? ` stroke-opacity="${f(opacity * 100) === '0' ? 0 : Math.round(opacity * 100) / 100}"` : ''}/>`;
const circle = (x: number, y: number, r: number, fill: string, opacity = 1): string =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"${opacity < 1 ? ` opacity="${Math.round(opacity * 100) / 100}"` : ''}/>`;
const ellipse = (x: number, y: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`;
const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ''): string =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`;
const op = (o: number): string => ` opacity="${Math.round(o * 100) / 100}"`;
/** A circle as a sub-path, to merge many dots into one element. */
const dot = (x: number, y: number, r: number): string =>
  `M${f(x - r)},${f(y)}a${f(r)},${f(r)} 0 1,0 ${f(2 * r)},0a${f(r)},${f(r)} 0 1,0 ${f(-2 * r)},0`;

/** A smooth open curve through the points (quadratic joins at midpoints). */
function smooth(pts: Pt[], move = true): string {
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

function polygon(pts: Pt[]): string {
  return `M${pts.map(([x, y]) => `${f(x)},${f(y)}`).join('L')}Z`;
}

interface Ridge {
  y: (x: number) => number;
  /** Area under the ridge line down to `bottom`. */
  d: string;
  line: string;
}

interface RidgeOptions {
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
function makeRidge(r: Rng, o: RidgeOptions): Ridge {
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
function spruce(x: number, y: number, h: number, w: number, tiers = 4): string {
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
function spruceSnow(x: number, y: number, h: number, w: number, tiers = 4): string {
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
function roundTree(x: number, y: number, s: number): string {
  return `M${f(x - s * 0.06)},${f(y)}h${f(s * 0.12)}v${f(-s * 0.6)}h${f(-s * 0.12)}Z${dot(x, y - s * 0.85, s * 0.42)}${dot(x - s * 0.3, y - s * 0.55, s * 0.3)}${dot(x + s * 0.3, y - s * 0.58, s * 0.32)}`;
}

// ------------------------------------------------------------------------------------------ shared pieces

interface Sun {
  x: number;
  y: number;
  r: number;
}

function placeSun(p: Palette, r: Rng, horizon: number, xMin = 0.15, xMax = 0.85): Sun {
  const x = r.range(xMin, xMax) * W;
  if (p.tod === 'day') return { x, y: Math.min(r.range(0.1, 0.22) * H, horizon - 140), r: r.range(40, 54) };
  if (p.tod === 'night') return { x, y: Math.min(r.range(0.1, 0.22) * H, horizon - 160), r: r.range(30, 38) };
  return { x, y: horizon - r.range(25, Math.max(60, Math.min(170, horizon * 0.45))), r: r.range(56, 76) };
}

function drawSky(s: Scene, p: Palette, r: Rng, horizon: number, sun: Sun | null, clouds = 3): void {
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

function cloud(s: Scene, r: Rng, x: number, y: number, w: number, color: string, opacity: number): void {
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

function drawWater(s: Scene, p: Palette, r: Rng, top: number, o: WaterOptions = {}): void {
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

/** A band of sea in the foreground: sine crest with a foam line. */
function waveBand(s: Scene, r: Rng, y: number, amp: number, len: number, fill: string, foam: string): void {
  const ph = r.range(0, Math.PI * 2);
  const pts: Pt[] = [];
  for (let x = -40; x <= W + 40; x += len / 8)
    pts.push([x, y + amp * Math.sin((2 * Math.PI * x) / len + ph) + amp * 0.3 * Math.sin((5 * Math.PI * x) / len)]);
  const line = smooth(pts);
  s.add(path(`${line}L${W + 40},${H + 20}L-40,${H + 20}Z`, fill), stroke(line, foam, 3.5, 0.7));
}

function birds(
  s: Scene,
  r: Rng,
  color: string,
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
  s.add(stroke(d, color, Math.max(2, size * 0.13), 0.75));
}

function sailboat(s: Scene, p: Palette, x: number, y: number, size: number, flipSail = false): void {
  const hull = p.tint(mix(INK, p.near, 0.25));
  const sail = p.tint(mix(WHITE, SAND, 0.4));
  const m = flipSail ? -1 : 1;
  s.add(
    path(
      polygon([
        [x - size * 0.62, y],
        [x + size * 0.62, y],
        [x + size * 0.44, y + size * 0.17],
        [x - size * 0.46, y + size * 0.17],
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

function motorboat(s: Scene, p: Palette, x: number, y: number, size: number): void {
  const hull = p.tint(mix(WHITE, SAND, 0.3));
  s.add(
    path(
      polygon([
        [x - size * 0.7, y - size * 0.05],
        [x + size * 0.75, y - size * 0.12],
        [x + size * 0.5, y + size * 0.16],
        [x - size * 0.62, y + size * 0.16],
      ]),
      hull,
    ),
    rect(x - size * 0.62, y + size * 0.06, size * 1.2, size * 0.05, p.accent),
    path(
      polygon([
        [x - size * 0.35, y - size * 0.05],
        [x - size * 0.3, y - size * 0.38],
        [x + size * 0.12, y - size * 0.38],
        [x + size * 0.28, y - size * 0.08],
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
function drawCape(s: Scene, r: Rng, o: CapeOptions): (x: number) => number {
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

function rocksInWater(
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

type Painter = (s: Scene, p: Palette, r: Rng, variant: number) => void;

const drawSea: Painter = (s, p, r) => {
  const hz = r.range(0.44, 0.6) * H;
  const sun = placeSun(p, r, hz);
  drawSky(s, p, r, hz, sun, r.int(2, 4));
  if (r.chance(0.8)) {
    const left = r.chance(0.5);
    const land = makeRidge(r, {
      base: hz + 2,
      amp: r.range(50, 120),
      peaks: 3,
      wMin: 0.05,
      wMax: 0.14,
      cMin: left ? -0.1 : 0.7,
      cMax: left ? 0.3 : 1.1,
    });
    s.add(path(land.d, p.layer(0.12)));
  }
  drawWater(s, p, r, hz, { sun, shimmer: 45 });
  if (r.chance(0.5)) {
    const ix = r.range(0.2, 0.8) * W;
    const iw = r.range(60, 140);
    s.add(
      path(
        `M${f(ix - iw)},${f(hz + 14)}Q${f(ix - iw * 0.4)},${f(hz - iw * 0.45)} ${f(ix)},${f(hz - iw * 0.4)}Q${f(ix + iw * 0.5)},${f(hz - iw * 0.3)} ${f(ix + iw)},${f(hz + 14)}Z`,
        p.layer(0.25),
      ),
    );
  }
  const by = hz + r.range(0.18, 0.45) * (H - hz);
  const depth = (by - hz) / (H - hz);
  const bx = r.range(0.15, 0.85) * W;
  if (r.chance(0.65)) sailboat(s, p, bx, by, 50 + 170 * depth, r.chance(0.5));
  else motorboat(s, p, bx, by, 60 + 200 * depth);
  const bands = r.int(2, 3);
  for (let i = 0; i < bands; i++) {
    const y = H - 40 - (bands - 1 - i) * r.range(55, 80);
    waveBand(s, r, y, r.range(8, 16), r.range(260, 420), mix(p.water, p.waterDeep, 0.45 + i * 0.25), p.foam);
  }
  birds(
    s,
    r,
    p.tod === 'night' ? p.foam : p.ink,
    r.range(0.2, 0.8) * W,
    hz * r.range(0.3, 0.6),
    r.range(60, 160),
    r.int(3, 6),
    r.range(12, 22),
  );
};

const drawHills: Painter = (s, p, r) => {
  const n = r.int(4, 5);
  const top = r.range(0.36, 0.5) * H;
  const sun = placeSun(p, r, top + 80);
  drawSky(s, p, r, top + 120, sun, r.int(1, 3));
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const base = top + (H * 0.98 - top) * Math.pow(t, 0.85) + 60;
    const ridge = makeRidge(r, {
      base,
      amp: r.range(110, 220) * (0.7 + t * 0.5),
      peaks: r.int(2, 4),
      wMin: 0.1,
      wMax: 0.26,
      rough: 0.05,
    });
    const color = p.layer(0.12 + t * 0.88);
    s.add(
      path(
        ridge.d,
        s.linear(
          [
            [0, mix(color, p.skyBottom, 0.12 * (1 - t))],
            [1, mix(color, INK, 0.12 * t)],
          ],
          0,
          base - 200,
          0,
          base + 120,
        ),
      ),
    );
    if (t >= 0.5) {
      let trees = '';
      const size = 14 + 40 * t;
      for (let x = r.range(-20, 40); x < W + 20; x += size * r.range(0.6, 2.4)) {
        if (r.chance(0.45)) continue;
        trees += spruce(x, ridge.y(x) + size * 0.25, size * r.range(0.9, 1.5), size * 0.55, 3);
      }
      s.add(path(trees, mix(color, INK, 0.08)));
    }
    if (i < n - 1) {
      const mistY = base - 40;
      s.add(
        rect(
          0,
          mistY - 100,
          W,
          220,
          s.linear(
            [
              [0, p.skyBottom, 0],
              [0.6, p.skyBottom, 0.22 - t * 0.1],
              [1, p.skyBottom, 0],
            ],
            0,
            mistY - 100,
            0,
            mistY + 120,
          ),
        ),
      );
    }
  }
  birds(
    s,
    r,
    p.tod === 'night' ? p.foam : p.ink,
    r.range(0.2, 0.8) * W,
    top * r.range(0.4, 0.8),
    r.range(50, 130),
    r.int(2, 5),
    r.range(10, 18),
  );
};

const drawForest: Painter = (s, p, r) => {
  const n = r.int(4, 5);
  const top = r.range(0.4, 0.5) * H;
  const sun = placeSun(p, r, top + 60);
  drawSky(s, p, r, top + 100, sun, r.int(1, 2));
  if (sun && p.tod !== 'night') {
    let rays = '';
    for (let i = 0; i < 5; i++) {
      const a = Math.PI / 2 + r.range(-0.9, 0.9);
      const spread = r.range(0.03, 0.07);
      const len = 1400;
      rays += polygon([
        [sun.x, sun.y],
        [sun.x + Math.cos(a - spread) * len, sun.y + Math.sin(a - spread) * len],
        [sun.x + Math.cos(a + spread) * len, sun.y + Math.sin(a + spread) * len],
      ]);
    }
    s.add(path(rays, p.glow, op(0.1)));
  }
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const base = top + (H - top) * Math.pow(t, 0.9) * 0.85 + 40;
    const ridge = makeRidge(r, {
      base,
      amp: r.range(50, 110),
      peaks: r.int(2, 3),
      wMin: 0.15,
      wMax: 0.35,
      rough: 0.04,
    });
    const color = p.layer(0.1 + t * 0.9);
    const size = 36 + 230 * t * t + 20 * t;
    let trees = '';
    const last = i === n - 1;
    for (let x = r.range(-30, 10); x < W + 40; x += size * r.range(0.28, 0.5)) {
      if (last && x > W * 0.24 && x < W * 0.76) continue;
      const h = size * r.range(0.75, 1.3) * (last ? 1.9 : 1);
      trees += spruce(x, ridge.y(x) + h * 0.12, h, h * r.range(0.36, 0.46), last ? 6 : r.int(4, 5));
    }
    s.add(path(ridge.d, color), path(trees, color));
    if (!last) {
      const mistY = base;
      s.add(
        rect(
          0,
          mistY - 150,
          W,
          300,
          s.linear(
            [
              [0, p.skyBottom, 0],
              [0.55, p.skyBottom, 0.42],
              [1, p.skyBottom, 0.05],
            ],
            0,
            mistY - 150,
            0,
            mistY + 150,
          ),
        ),
      );
    }
  }
  if (p.tod !== 'night') birds(s, r, p.ink, r.range(0.3, 0.7) * W, top * r.range(0.35, 0.7), 90, r.int(2, 4), 14);
};

const drawCity: Painter = (s, p, r) => {
  const wl = r.range(0.72, 0.8) * H;
  const lit = p.tod === 'night' || p.tod === 'dusk';
  const sun = placeSun(p, r, wl - 260);
  drawSky(s, p, r, wl - 120, sun, r.int(1, 3));
  const far = makeRidge(r, { base: wl - 150, amp: r.range(150, 240), peaks: 3, wMin: 0.12, wMax: 0.25 });
  s.add(path(far.d, p.layer(0.12)));
  // TV tower on the highest point of the far hills.
  let tx = 200;
  for (let x = 150; x < W - 150; x += 25) if (far.y(x) < far.y(tx)) tx = x;
  const ty = far.y(tx) + 6;
  const towerColor = p.layer(0.3);
  s.add(
    path(
      polygon([
        [tx - 9, ty],
        [tx + 9, ty],
        [tx + 2.5, ty - 190],
        [tx - 2.5, ty - 190],
      ]),
      towerColor,
    ),
    rect(tx - 11, ty - 150, 22, 12, towerColor, ' rx="3"'),
    rect(tx - 1, ty - 250, 2, 64, towerColor),
  );
  if (lit) s.add(circle(tx, ty - 252, 4, CORAL));
  const hill = makeRidge(r, { base: wl - 20, amp: r.range(110, 190), peaks: 3, wMin: 0.1, wMax: 0.22, rough: 0.03 });
  const backColor = p.layer(0.42);
  s.add(path(hill.d, backColor));

  const windowsLit: string[] = [];
  const row = (
    ground: (x: number) => number,
    o: {
      hMin: number;
      hMax: number;
      wMin: number;
      wMax: number;
      tower: number;
      facade: () => string;
      win: (c: string) => string;
      litP: number;
      density: number;
    },
  ) => {
    const fills = new Map<string, string>();
    const add = (c: string, d: string) => fills.set(c, (fills.get(c) ?? '') + d);
    let winLit = '';
    for (let x = -30; x < W + 30;) {
      const w = r.range(o.wMin, o.wMax);
      if (r.chance(1 - o.density)) {
        x += w * 0.6;
        continue;
      }
      const tall = r.chance(o.tower);
      const h = tall ? r.range(o.hMax, o.hMax * 2) : r.range(o.hMin, o.hMax);
      const g0 = ground(x);
      const g1 = ground(x + w);
      const base = Math.max(g0, g1) + 16;
      const top = Math.min(g0, g1) - h;
      const facade = o.facade();
      add(facade, `M${f(x)},${f(base)}V${f(top)}h${f(w)}V${f(base)}Z`);
      const roofColor = p.tint(mix(p.accent, INK, 0.35));
      if (!tall && w < 60 && r.chance(0.55))
        add(
          roofColor,
          polygon([
            [x - 3, top],
            [x + w / 2, top - w * 0.38],
            [x + w + 3, top],
          ]),
        );
      else if (tall) add(facade, `M${f(x + w / 2 - 1)},${f(top)}v-22h2v22Z`);
      const winColor = o.win(facade);
      const cols = Math.floor((w - 6) / 11);
      const rows = Math.floor((h - 8) / 15);
      const ox = x + (w - cols * 11 + 5) / 2;
      let wins = '';
      for (let cy = 0; cy < rows; cy++) {
        for (let cx = 0; cx < cols; cx++) {
          const wx = ox + cx * 11;
          const wy = top + 9 + cy * 15;
          const cell = `M${f(wx)},${f(wy)}h6v8h-6Z`;
          if (lit && r.chance(o.litP)) winLit += cell;
          else wins += cell;
        }
      }
      add(winColor, wins);
      x += w + r.range(-6, 4);
    }
    let out = '';
    for (const [c, d] of fills) out += path(d, c);
    windowsLit.push(winLit);
    return out + (winLit ? path(winLit, LAMP) : '');
  };
  const silhouette = p.layer(0.5);
  s.add(
    row(hill.y, {
      hMin: 22,
      hMax: 70,
      wMin: 22,
      wMax: 48,
      tower: 0.1,
      density: 0.75,
      facade: () => mix(silhouette, p.skyBottom, r.range(0, 0.18)),
      win: (c) => mix(c, INK, 0.18),
      litP: 0.35,
    }),
  );
  // The city climbs the slope in steps.
  const slopeTone = p.layer(0.46);
  s.add(
    row((x) => hill.y(x) + (wl - hill.y(x)) * 0.45, {
      hMin: 26,
      hMax: 80,
      wMin: 26,
      wMax: 56,
      tower: 0.08,
      density: 0.7,
      facade: () => mix(mix(slopeTone, SAND, 0.35), p.skyBottom, r.range(0, 0.15)),
      win: (c) => mix(c, INK, 0.22),
      litP: 0.4,
    }),
  );
  const facades = [
    SAND,
    mix(SAND, p.accent, 0.3),
    mix(FOAM, p.far, 0.35),
    mix(SAND, p.far, 0.55),
    mix(WHITE, p.skyTop, 0.35),
    mix(SAND, CORAL, 0.18),
  ].map(p.tint);
  const front = s.capture(() =>
    s.add(
      row(() => wl - 8, {
        hMin: 40,
        hMax: 140,
        wMin: 40,
        wMax: 80,
        tower: 0.14,
        density: 0.9,
        facade: () => r.pick(facades),
        win: (c) => mix(c, p.tod === 'day' ? SEA : INK, 0.35),
        litP: 0.5,
      }),
    ),
  );
  s.add(front);
  s.add(rect(0, wl - 10, W, 14, p.tint(mix(INK, p.near, 0.3))));
  drawWater(s, p, r, wl + 4, {
    sun,
    shimmer: 30,
    reflection: `<g transform="translate(0 ${f(2 * (wl + 4))}) scale(1 -1)" opacity="${lit ? 0.3 : 0.2}">${front}</g>`,
  });
  // A cargo ship in the bay.
  const sx = r.range(0.15, 0.75) * W;
  const sy = wl + r.range(0.3, 0.6) * (H - wl);
  const sz = r.range(180, 260);
  const hullC = p.tint(mix(INK, SEA, 0.3));
  let boxes = '';
  for (let i = 0; i < 5; i++)
    boxes += rect(
      sx - sz * 0.3 + i * sz * 0.11,
      sy - sz * 0.12,
      sz * 0.1,
      sz * 0.08,
      p.tint(r.pick([CORAL, SEA, SAND, p.accent, '#e8b04b'])),
    );
  s.add(
    path(
      polygon([
        [sx - sz * 0.5, sy - sz * 0.04],
        [sx + sz * 0.55, sy - sz * 0.04],
        [sx + sz * 0.45, sy + sz * 0.08],
        [sx - sz * 0.46, sy + sz * 0.08],
      ]),
      hullC,
    ),
    rect(sx - sz * 0.5, sy + sz * 0.02, sz * 0.98, sz * 0.02, CORAL),
    boxes,
    rect(sx + sz * 0.3, sy - sz * 0.2, sz * 0.14, sz * 0.16, p.tint(WHITE)),
    rect(sx + sz * 0.31, sy - sz * 0.17, sz * 0.12, sz * 0.025, lit ? LAMP : INK, op(0.7)),
    stroke(`M${f(sx - sz * 0.6)},${f(sy + sz * 0.1)}h${f(sz * 1.2)}`, p.foam, 3, 0.5),
  );
  if (!lit) birds(s, r, p.ink, r.range(0.2, 0.8) * W, wl * r.range(0.25, 0.4), 80, r.int(2, 4), 14);
};

function lighthouse(s: Scene, p: Palette, r: Rng, x: number, base: number, hgt: number, beam: boolean): void {
  const wb = hgt * 0.17;
  const wt = hgt * 0.11;
  const top = base - hgt;
  const half = (y: number) => wt / 2 + ((wb - wt) / 2) * ((y - top) / hgt);
  const white = p.tint(mix(WHITE, SAND, 0.3));
  const red = p.coral;
  const bands = r.pick([4, 5, 6]);
  // Keeper's house.
  const hw = hgt * 0.34;
  const hx = x + wb * 0.35;
  const hh = hgt * 0.16;
  s.add(
    rect(hx, base - hh, hw, hh + 8, white),
    path(
      polygon([
        [hx - 6, base - hh],
        [hx + hw * 0.5, base - hh - hgt * 0.09],
        [hx + hw + 6, base - hh],
      ]),
      p.tint(mix(red, INK, 0.25)),
    ),
    rect(
      hx + hw * 0.3,
      base - hh * 0.7,
      hw * 0.14,
      hh * 0.35,
      p.tod === 'day' || p.tod === 'dawn' ? mix(SEA, INK, 0.3) : LAMP,
    ),
  );
  for (let i = 0; i < bands; i++) {
    const y0 = top + (hgt * i) / bands;
    const y1 = top + (hgt * (i + 1)) / bands;
    s.add(
      path(
        polygon([
          [x - half(y0), y0],
          [x + half(y0), y0],
          [x + half(y1), y1 + 1],
          [x - half(y1), y1 + 1],
        ]),
        i % 2 === 0 ? red : white,
      ),
    );
  }
  // Shade on the right side.
  s.add(
    path(
      polygon([
        [x + half(top) * 0.25, top],
        [x + half(top), top],
        [x + half(base), base],
        [x + half(base) * 0.25, base],
      ]),
      INK,
      op(0.13),
    ),
  );
  const gy = top - hgt * 0.035;
  const lh = hgt * 0.1;
  const dark = p.tint(mix(INK, p.near, 0.2));
  s.add(rect(x - wt * 0.85, gy, wt * 1.7, hgt * 0.04, dark));
  s.add(
    rect(x - wt * 0.8, gy - hgt * 0.045, wt * 1.6, 2.5, dark),
    rect(x - wt * 0.8, gy - hgt * 0.045, 2.5, hgt * 0.045, dark),
    rect(x + wt * 0.8 - 2.5, gy - hgt * 0.045, 2.5, hgt * 0.045, dark),
  );
  const glass = beam ? LAMP : mix(p.skyTop, WHITE, 0.55);
  const ly = gy - lh;
  s.add(rect(x - wt * 0.42, ly, wt * 0.84, lh, glass), rect(x - 1.5, ly, 3, lh, dark));
  s.add(
    path(
      `M${f(x - wt * 0.62)},${f(ly + 1)}Q${f(x)},${f(ly - hgt * 0.11)} ${f(x + wt * 0.62)},${f(ly + 1)}Z`,
      p.tint(mix(red, INK, 0.2)),
    ),
    rect(x - 1.5, ly - hgt * 0.09, 3, hgt * 0.05, dark),
  );
  if (beam) {
    const cy = ly + lh / 2;
    const g = s.radial(
      [
        [0, LAMP, 0.8],
        [0.2, LAMP, 0.3],
        [1, LAMP, 0],
      ],
      x,
      cy,
      hgt * 0.5,
    );
    s.add(circle(x, cy, hgt * 0.5, g));
    const len = 1100;
    const gl = s.linear(
      [
        [0, LAMP, 0.55],
        [1, LAMP, 0],
      ],
      x,
      cy,
      x - len,
      cy,
    );
    const gr = s.linear(
      [
        [0, LAMP, 0.35],
        [1, LAMP, 0],
      ],
      x,
      cy,
      x + len,
      cy,
    );
    s.add(
      path(
        polygon([
          [x, cy - 4],
          [x - len, cy - 110],
          [x - len, cy + 60],
          [x, cy + 4],
        ]),
        gl,
      ),
      path(
        polygon([
          [x, cy - 4],
          [x + len, cy - 60],
          [x + len, cy + 40],
          [x, cy + 4],
        ]),
        gr,
      ),
    );
  }
}

const drawLighthouse: Painter = (s, p, r) => {
  const hz = r.range(0.48, 0.58) * H;
  const beam = p.tod === 'dusk' || p.tod === 'night';
  const spit = r.chance(0.35);
  const sun = placeSun(p, r, hz, spit ? 0.15 : 0.55, 0.88);
  drawSky(s, p, r, hz, sun, r.int(1, 3));
  if (r.chance(0.6)) {
    const land = makeRidge(r, {
      base: hz + 2,
      amp: r.range(40, 90),
      peaks: 2,
      wMin: 0.05,
      wMax: 0.12,
      cMin: 0.6,
      cMax: 1.1,
    });
    s.add(path(land.d, p.layer(0.1)));
  }
  drawWater(s, p, r, hz, { sun, shimmer: 36 });
  const rock = p.tint(mix(p.near, '#5b5560', 0.45));
  const grass = p.layer(0.72);
  if (spit) {
    // A long low spit to a lighthouse on a rock, like Tokarevsky lighthouse.
    const endX = r.range(0.5, 0.66) * W;
    const y0 = hz + r.range(60, 110);
    const y1 = hz + r.range(25, 45);
    const spitLine: Pt[] = [];
    for (let i = 0; i <= 12; i++) {
      const u = i / 12;
      spitLine.push([-40 + (endX + 40) * u, y0 + (y1 - y0) * u + Math.sin(u * 9) * 3]);
    }
    const under = spitLine.map(([x, y], i): Pt => [x, y + 30 * (1 - i / 12) + 8]).reverse();
    s.add(stroke(smooth(spitLine), p.foam, 30, 0.18));
    s.add(path(`${smooth(spitLine)}${smooth(under, false)}Z`, rock));
    s.add(stroke(smooth(under), p.foam, 3, 0.8));
    s.add(
      path(
        `M${f(endX - 70)},${f(y1 + 6)}Q${f(endX - 50)},${f(y1 - 34)} ${f(endX)},${f(y1 - 36)}Q${f(endX + 50)},${f(y1 - 30)} ${f(endX + 70)},${f(y1 + 8)}Z`,
        rock,
      ),
    );
    rocksInWater(s, r, endX + 110, y1 + 14, 50, 14, rock, p.foam);
    lighthouse(s, p, r, endX, y1 - 30, r.range(170, 230), beam);
    // Foreground: a pebble beach corner.
    const bx = r.range(0.25, 0.45) * W;
    s.add(
      path(
        `M-40,${f(H - 140)}Q${f(bx * 0.5)},${f(H - 170)} ${f(bx)},${f(H + 20)}L-40,${H + 20}Z`,
        p.tint(mix(SAND, p.far, 0.35)),
      ),
    );
    s.add(stroke(`M-40,${f(H - 140)}Q${f(bx * 0.5)},${f(H - 170)} ${f(bx)},${f(H + 20)}`, p.foam, 5, 0.8));
    rocksInWater(s, r, bx * 0.55, H - 60, 60, 40, rock, p.foam);
  } else {
    const tipX = r.range(0.5, 0.64) * W;
    const surface = drawCape(s, r, {
      tipX,
      yStart: hz - r.range(80, 190),
      yTip: hz + r.range(20, 60),
      cliff: r.range(80, 130),
      slope: r.range(60, 200),
      rock,
      grass,
      foam: p.foam,
    });
    rocksInWater(s, r, tipX + 130, hz + r.range(140, 220), 60, 26, rock, p.foam);
    const lx = tipX - r.range(90, 170);
    lighthouse(s, p, r, lx, surface(lx) + 10, r.range(250, 340), beam);
    let trees = '';
    for (let i = 0; i < 7; i++) {
      const x = r.range(-20, lx - 120);
      const h = r.range(50, 90);
      trees += spruce(x, surface(x) + 14, h, h * 0.42, 4);
    }
    s.add(path(trees, p.layer(0.85)));
  }
  const bx = r.range(0.66, 0.86) * W;
  const by = hz + r.range(0.15, 0.4) * (H - hz);
  sailboat(s, p, bx, by, 40 + 120 * ((by - hz) / (H - hz)), true);
  waveBand(s, r, H - r.range(30, 50), 8, 340, mix(p.water, p.waterDeep, 0.7), p.foam);
  birds(
    s,
    r,
    p.tod === 'night' ? p.foam : p.ink,
    r.range(0.55, 0.85) * W,
    hz * r.range(0.3, 0.55),
    90,
    r.int(3, 5),
    16,
  );
};

const drawBridge: Painter = (s, p, r) => {
  const hz = r.range(0.56, 0.64) * H;
  const lit = p.tod === 'night' || p.tod === 'dusk';
  const sun = placeSun(p, r, hz);
  drawSky(s, p, r, hz, sun, r.int(1, 3));
  const far = makeRidge(r, { base: hz + 2, amp: r.range(60, 150), peaks: 3, wMin: 0.1, wMax: 0.22 });
  s.add(path(far.d, p.layer(0.1)));
  const shoulderL = makeRidge(r, {
    base: hz + 2,
    amp: r.range(180, 260),
    peaks: 2,
    wMin: 0.08,
    wMax: 0.16,
    cMin: -0.15,
    cMax: 0.05,
  });
  const shoulderR = makeRidge(r, {
    base: hz + 2,
    amp: r.range(180, 260),
    peaks: 2,
    wMin: 0.08,
    wMax: 0.16,
    cMin: 0.95,
    cMax: 1.15,
  });
  s.add(path(shoulderL.d, p.layer(0.35)), path(shoulderR.d, p.layer(0.35)));

  const k = r.range(1.15, 1.65);
  const cx = W / 2;
  const deck0 = hz - r.range(50, 110);
  const span = W * r.range(0.5, 0.6);
  const sag = r.range(18, 40);
  const deckY = (x: number) => deck0 - sag * Math.max(0, 1 - ((x - cx) / (W * 0.9)) ** 2);
  const foot = hz + r.range(50, 80);
  const pylonH = Math.min(r.range(340, 420), (deck0 - 30) / k);
  const pylons = [cx - span / 2, cx + span / 2];
  const focus = r.pick([pylons[0] as number, cx, pylons[1] as number]);
  const tx = W * r.range(0.38, 0.62) - k * focus;
  const ty = deck0 - k * deck0;
  const concrete = p.tint(mix(WHITE, p.far, 0.22));
  const concreteShade = mix(concrete, INK, 0.22);
  const cable = mix(p.foam, p.skyBottom, 0.3);
  const deckColor = p.tint(mix(INK, p.near, 0.35));
  let g = '';
  // Approach piers.
  for (let x = -W * 0.6; x < W * 1.6; x += 140) {
    if (x > (pylons[0] as number) - span * 0.25 && x < (pylons[1] as number) + span * 0.25) continue;
    g += rect(x - 7, deckY(x), 14, foot - deckY(x) + 10, concreteShade);
  }
  // Cables in fans from the pylon heads.
  let cables = '';
  const n = 13;
  for (const px of pylons) {
    const top = deck0 - pylonH;
    const apex = top + pylonH * 0.3;
    for (let i = 1; i <= n; i++) {
      const ay = top + 14 + ((apex - top - 14) * (n - i)) / n;
      const reach = 40 + ((span / 2 - 50) * i) / n;
      cables += `M${f(px)},${f(ay)}L${f(px + reach)},${f(deckY(px + reach))}M${f(px)},${f(ay)}L${f(px - reach)},${f(deckY(px - reach))}`;
    }
  }
  g += stroke(cables, cable, 1.5, 0.9);
  // Deck.
  const topEdge: Pt[] = [];
  for (let x = -W * 0.7; x <= W * 1.7; x += 50) topEdge.push([x, deckY(x)]);
  const under = topEdge.map(([x, y]): Pt => [x, y + 22]).reverse();
  g += path(`${smooth(topEdge)}${smooth(under, false)}Z`, deckColor);
  g += stroke(smooth(topEdge.map(([x, y]): Pt => [x, y + 7])), mix(deckColor, WHITE, 0.25), 4, 0.9);
  g += stroke(smooth(topEdge.map(([x, y]): Pt => [x, y - 3])), concrete, 2.5, 0.9);
  // A-shaped pylons.
  for (const px of pylons) {
    const top = deck0 - pylonH;
    const apex = top + pylonH * 0.3;
    const spread = r.range(46, 62);
    g += path(
      polygon([
        [px - spread - 11, foot],
        [px - spread + 11, foot],
        [px + 3, apex],
        [px - 10, apex],
      ]),
      concrete,
    );
    g += path(
      polygon([
        [px + spread - 11, foot],
        [px + spread + 11, foot],
        [px + 10, apex],
        [px - 3, apex],
      ]),
      concreteShade,
    );
    g += path(
      polygon([
        [px - 10, apex + 2],
        [px - 7, top],
        [px + 7, top],
        [px + 10, apex + 2],
      ]),
      concrete,
    );
    g += path(
      polygon([
        [px, apex + 2],
        [px, top],
        [px + 7, top],
        [px + 10, apex + 2],
      ]),
      INK,
      op(0.08),
    );
    const beamY = deckY(px) + 30;
    const u = (foot - beamY) / (foot - apex);
    const half = spread * (1 - u) + 10;
    g += rect(px - half, beamY, 2 * half, 12, concreteShade);
    g += rect(px - spread - 18, foot - 6, 2 * spread + 36, 16, concreteShade);
    if (lit) g += circle(px, top - 4, 5, CORAL);
  }
  if (lit) {
    let lights = '';
    for (let x = -W * 0.6; x < W * 1.6; x += 38) lights += dot(x, deckY(x) - 5, 2.6);
    g += path(lights, LAMP);
  }
  const transform = `translate(${f(tx)} ${f(ty)}) scale(${Math.round(k * 1000) / 1000})`;
  const footY = ty + k * foot;
  drawWater(s, p, r, hz, {
    sun,
    shimmer: 36,
    reflection: `<g transform="translate(0 ${f(2 * footY)}) scale(1 -1)" opacity="0.16"><g transform="${transform}">${g}</g></g>`,
  });
  s.add(`<g transform="${transform}">${g}</g>`);
  if (r.chance(0.6)) motorboat(s, p, r.range(0.15, 0.85) * W, H - r.range(70, 130), r.range(80, 120));
  waveBand(s, r, H - r.range(20, 40), 6, 380, mix(p.water, p.waterDeep, 0.75), p.foam);
  if (!lit) birds(s, r, p.ink, r.range(0.2, 0.8) * W, hz * r.range(0.2, 0.35), 90, r.int(2, 4), 14);
};

const drawIsland: Painter = (s, p, r) => {
  const hz = r.range(0.5, 0.6) * H;
  const sun = placeSun(p, r, hz);
  drawSky(s, p, r, hz, sun, r.int(2, 3));
  const islandShape = (cx: number, w: number, h: number, wl: number) => {
    const ph = r.range(0, 6);
    const pts: Pt[] = [];
    const cliffPts: Pt[] = [];
    const steps = 28;
    for (let i = 0; i <= steps; i++) {
      const u = i / steps;
      const x = cx - w / 2 + w * u;
      const env = Math.pow(Math.sin(Math.PI * u), 0.45);
      const bumps = 0.75 + 0.18 * Math.sin(u * 7 + ph) + 0.1 * Math.sin(u * 17 + ph * 2);
      const y = wl - h * env * bumps;
      pts.push([x, y]);
      cliffPts.push([x, Math.max(y, wl - h * 0.38 * env * (0.8 + 0.3 * Math.sin(u * 11 + ph)))]);
    }
    return { pts, cliffPts };
  };
  // Distant island.
  const fx = r.range(0.15, 0.85) * W;
  const distant = islandShape(fx, r.range(220, 380), r.range(40, 70), hz + 4);
  s.add(path(`${smooth(distant.pts)}Z`, p.layer(0.15)));
  // Main island.
  const cx = r.range(0.26, 0.74) * W;
  const w = r.range(0.3, 0.56) * W;
  const h = r.range(140, 230);
  const wl = hz + r.range(50, 110);
  const main = islandShape(cx, w, h, wl);
  const green = p.layer(0.62);
  const rock = p.tint(mix(p.near, '#5b5560', 0.4));
  const island = s.capture(() => {
    s.add(path(`${smooth(main.pts)}Z`, green));
    s.add(path(`${smooth(main.cliffPts)}Z`, rock));
    let trees = '';
    for (let i = 2; i < main.pts.length - 2; i++) {
      const [x, y] = main.pts[i] as Pt;
      if (r.chance(0.35)) continue;
      const th = r.range(24, 44);
      trees += spruce(x + r.range(-10, 10), y + 8, th, th * 0.45, 3);
    }
    s.add(path(trees, green));
    // Sea stack (kekur).
    const kx = cx + (r.chance(0.5) ? 1 : -1) * (w / 2 + r.range(40, 90));
    const kw = r.range(26, 44);
    const kh = r.range(90, 150);
    s.add(
      path(
        `M${f(kx - kw)},${f(wl)}L${f(kx - kw * 0.7)},${f(wl - kh * 0.7)}Q${f(kx - kw * 0.6)},${f(wl - kh)} ${f(kx)},${f(wl - kh)}Q${f(kx + kw * 0.6)},${f(wl - kh * 0.95)} ${f(kx + kw * 0.6)},${f(wl - kh * 0.65)}L${f(kx + kw * 0.9)},${f(wl)}Z`,
        rock,
      ),
    );
    s.add(path(spruce(kx - kw * 0.1, wl - kh + 6, 30, 14, 3), green));
  });
  const flipped = `<g transform="translate(0 ${f(2 * wl)}) scale(1 -1)" opacity="0.28">${island}</g>`;
  drawWater(s, p, r, hz, { sun, shimmer: 40 });
  s.add(flipped, island, stroke(`M${f(cx - w / 2 - 10)},${f(wl)}h${f(w + 20)}`, p.foam, 4, 0.7));
  const by = wl + r.range(60, 180);
  if (r.chance(0.6))
    sailboat(
      s,
      p,
      r.chance(0.5) ? r.range(0.08, 0.22) * W : r.range(0.78, 0.92) * W,
      by,
      50 + 0.1 * (by - hz),
      r.chance(0.5),
    );
  waveBand(s, r, H - r.range(30, 60), 9, 320, mix(p.water, p.waterDeep, 0.6), p.foam);
  birds(
    s,
    r,
    p.tod === 'night' ? p.foam : p.ink,
    cx + r.range(-200, 200),
    hz * r.range(0.25, 0.5),
    110,
    r.int(3, 6),
    15,
  );
};

const drawBay: Painter = (s, p, r) => {
  const hz = r.range(0.34, 0.42) * H;
  const sun = placeSun(p, r, hz, 0.3, 0.8);
  drawSky(s, p, r, hz, sun, r.int(1, 3));
  const farLand = makeRidge(r, {
    base: hz + 2,
    amp: r.range(30, 80),
    peaks: 2,
    wMin: 0.06,
    wMax: 0.12,
    cMin: 0.35,
    cMax: 0.75,
  });
  s.add(path(farLand.d, p.layer(0.1)));
  drawWater(s, p, r, hz, { sun, shimmer: 34 });
  const rock = p.tint(mix(p.near, '#6b6068', 0.4));
  // Headland on the right.
  const head = s.capture(() => {
    drawCape(s, r, {
      tipX: r.range(0.22, 0.36) * W,
      yStart: hz - r.range(40, 120),
      yTip: hz + r.range(30, 60),
      cliff: r.range(40, 70),
      slope: r.range(20, 60),
      rock,
      grass: p.layer(0.5),
      foam: p.foam,
    });
  });
  s.add(`<g transform="matrix(-1 0 0 1 ${W} 0)">${head}</g>`);
  // Shoreline: a cubic from the left edge sweeping down to the bottom.
  const P: Pt[] = [
    [-40, hz + r.range(80, 130)],
    [W * r.range(0.3, 0.45), hz + r.range(90, 150)],
    [W * r.range(0.75, 0.95), H * r.range(0.55, 0.7)],
    [W * r.range(0.55, 0.75), H + 40],
  ];
  const bez = (t: number): Pt => {
    const a = (1 - t) ** 3;
    const b = 3 * (1 - t) ** 2 * t;
    const c = 3 * (1 - t) * t * t;
    const d = t ** 3;
    return [
      a * P[0][0] + b * P[1][0] + c * P[2][0] + d * P[3][0],
      a * P[0][1] + b * P[1][1] + c * P[2][1] + d * P[3][1],
    ];
  };
  const N = 40;
  const shore: Pt[] = [];
  const normals: Pt[] = [];
  for (let i = 0; i <= N; i++) {
    const t = i / N;
    const a = bez(Math.max(0, t - 0.01));
    const b = bez(Math.min(1, t + 0.01));
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    shore.push(bez(t));
    normals.push([-dy / len, dx / len]);
  }
  const at = (i: number, dist: number): Pt => [shore[i][0] + normals[i][0] * dist, shore[i][1] + normals[i][1] * dist];
  const shoreD = smooth(shore);
  s.add(stroke(shoreD, mix(p.water, p.foam, 0.45), 140, 0.2), stroke(shoreD, mix(p.water, p.foam, 0.6), 60, 0.3));
  const outer = smooth(shore.map((_, i) => at(i, -(16 + 60 * (i / N) ** 1.3))));
  s.add(stroke(outer, p.foam, 3, 0.45));
  const sand = p.tint(mix(SAND, '#e9cf9f', 0.55));
  s.add(path(`${shoreD}L-60,${H + 60}Z`, sand));
  s.add(stroke(shoreD, p.foam, 7, 0.9));
  // Green land behind the beach.
  const bw = (i: number) => 30 + 220 * (i / N) ** 1.4;
  const inland = shore.map((_, i) => at(i, bw(i)));
  const mid = shore[Math.round(N * 0.45)] as Pt;
  s.add(
    path(
      `${smooth(inland)}L-60,${H + 60}L-60,${f(inland[0][1])}Z`,
      s.linear(
        [
          [0, p.layer(0.45)],
          [0.6, p.layer(0.62)],
          [1, p.layer(0.75)],
        ],
        mid[0],
        mid[1],
        -60,
        H + 60,
      ),
    ),
  );
  // A wooded edge behind the beach.
  let wood = '';
  for (let i = 0; i <= N; i++) {
    if (r.chance(0.3)) continue;
    const sz = 14 + 70 * (i / N);
    const [x, y] = at(i, bw(i) + sz * r.range(0.8, 1.6));
    wood += roundTree(x, y, sz * r.range(0.8, 1.2));
  }
  s.add(path(wood, p.layer(0.7)));
  let trees = '';
  for (let i = 0; i <= N; i += 2) {
    if (r.chance(0.3)) continue;
    const [x, y] = at(i, bw(i) + r.range(10, 60));
    const sz = 20 + 70 * (i / N);
    trees += roundTree(x, y + sz * 0.2, sz * r.range(0.8, 1.2));
  }
  s.add(path(trees, p.layer(0.78)));
  // Umbrellas on the beach.
  for (let i = 0; i < r.int(2, 4); i++) {
    const idx = Math.round(r.range(0.3, 0.8) * N);
    const [x, y] = at(idx, bw(idx) * r.range(0.35, 0.6));
    const sz = 16 + 60 * (idx / N);
    const colors = [p.coral, p.tint(WHITE), p.accent];
    s.add(
      rect(x - 1.5, y - sz * 0.9, 3, sz, p.tint(INK)),
      path(
        `M${f(x - sz * 0.7)},${f(y - sz * 0.8)}Q${f(x)},${f(y - sz * 1.55)} ${f(x + sz * 0.7)},${f(y - sz * 0.8)}Z`,
        r.pick(colors),
      ),
      ellipse(x + sz * 0.25, y + 2, sz * 0.6, sz * 0.12, INK, op(0.12)),
    );
  }
  const bi = Math.round(r.range(0.25, 0.55) * N);
  const [bx, by] = at(bi, -r.range(120, 260));
  if (by > hz + 40 && bx < W - 60) motorboat(s, p, bx, by, 40 + 70 * ((by - hz) / (H - hz)));
  birds(s, r, p.tod === 'night' ? p.foam : p.ink, r.range(0.3, 0.7) * W, hz * r.range(0.3, 0.6), 100, r.int(2, 5), 14);
};

const drawWaterfall: Painter = (s, p, r) => {
  const hz = r.range(0.3, 0.4) * H;
  const sun = p.tod === 'day' ? null : placeSun(p, r, hz + 40, 0.15, 0.35);
  drawSky(s, p, r, hz + 80, sun ?? placeSun(p, r, hz), 2);
  const ridge1 = makeRidge(r, { base: hz + 60, amp: r.range(100, 170), peaks: 3 });
  s.add(path(ridge1.d, p.layer(0.15)));
  const ridge2 = makeRidge(r, { base: hz + 150, amp: r.range(80, 140), peaks: 3 });
  s.add(path(ridge2.d, p.layer(0.32)));
  const cx = r.range(0.42, 0.58) * W;
  const ww = r.chance(0.35) ? r.range(180, 280) : r.range(70, 140);
  const lipY = hz + r.range(90, 150);
  const poolY = r.range(0.74, 0.8) * H;
  const rock = p.tint(mix(mix(p.near, '#6a6470', 0.5), p.far, 0.15));
  const rockLit = mix(rock, p.skyBottom, 0.25);
  const rockDark = mix(rock, INK, 0.35);
  // Dark wall behind the fall, then the pool.
  s.add(rect(cx - ww, lipY + 6, ww * 2, poolY - lipY, rockDark));
  s.add(
    rect(
      0,
      poolY - 12,
      W,
      H - poolY + 12,
      s.linear(
        [
          [0, mix(p.water, p.foam, 0.3)],
          [1, p.waterDeep],
        ],
        0,
        poolY,
        0,
        H,
      ),
    ),
  );
  const cliff = (side: -1 | 1) => {
    const edge = cx + (side * ww) / 2;
    const hTop = lipY - r.range(30, 140);
    const pts: Pt[] = [];
    const outer = side < 0 ? -60 : W + 60;
    for (let i = 0; i <= 8; i++) {
      const u = i / 8;
      pts.push([outer + (edge + side * 4 - outer) * u, hTop + (lipY - hTop) * u ** 3 + r.range(-10, 10) * (1 - u)]);
    }
    const inner: Pt[] = [
      [edge + side * 4, lipY],
      [edge + side * 10, lipY + (poolY - lipY) * 0.5],
      [edge + side * 30, poolY],
      [edge + side * r.range(180, 260), poolY + 40],
      [edge + side * r.range(420, 560), H + 30],
    ];
    s.add(path(`${smooth(pts)}${smooth(inner, false)}L${f(outer)},${H + 30}Z`, rock));
    // Lit rock slabs and cracks.
    let facets = '';
    let cracks = '';
    const width = Math.abs(outer - edge);
    for (let i = 0; i < 5; i++) {
      const x = edge + side * r.range(20, width * 0.85);
      const y = hTop + 40 + r.range(0, 60);
      const w = r.range(40, 110);
      const hgt = r.range(180, 420);
      facets += polygon([
        [x, y],
        [x + side * w * 0.6, y - r.range(0, 20)],
        [x + side * w, y + hgt * 0.3],
        [x + side * w * r.range(0.5, 0.9), y + hgt],
        [x + side * r.range(-20, 10), y + hgt * r.range(0.6, 0.9)],
      ]);
      const cx = x + side * r.range(0, w);
      cracks += `M${f(cx)},${f(y + 20)}l${f(r.range(-12, 12))},${f(hgt * 0.4)}l${f(r.range(-12, 12))},${f(hgt * 0.4)}`;
    }
    s.add(path(facets, side < 0 ? rockLit : mix(rock, INK, 0.15), op(0.3)), stroke(cracks, rockDark, 3, 0.35));
    // Grass and trees along the top.
    const cap = pts.map(([x, y]): Pt => [x, y + 26 + Math.abs(Math.sin(x * 0.03)) * 18]).reverse();
    s.add(path(`${smooth(pts)}${smooth(cap, false)}Z`, p.layer(0.6)));
    let trees = '';
    for (let i = 0; i < 22; i++) {
      const u = r.range(0, 0.9);
      const x = outer + (edge - outer) * u;
      const y = hTop + (lipY - hTop) * u ** 3;
      const th = r.range(70, 170) * (1 - u * 0.4);
      trees += spruce(x, y + th * 0.2 + 10, th, th * 0.42, 5);
    }
    s.add(path(trees, p.layer(0.82)));
  };
  cliff(-1);
  cliff(1);
  // The fall.
  const fall = polygon([
    [cx - ww / 2, lipY],
    [cx + ww / 2, lipY],
    [cx + ww * 0.6, poolY],
    [cx - ww * 0.6, poolY],
  ]);
  s.add(
    path(
      fall,
      s.linear(
        [
          [0, WHITE],
          [0.5, mix(p.foam, p.water, 0.15)],
          [1, mix(p.foam, p.water, 0.35)],
        ],
        0,
        lipY,
        0,
        poolY,
      ),
    ),
  );
  let streaks = '';
  let darkStreaks = '';
  for (let i = 0; i < 34; i++) {
    const u = r.range(-0.45, 0.45);
    const y0 = r.range(lipY, poolY - 40);
    const len = r.range(60, 260);
    const x0 = cx + u * ww;
    const d = `M${f(x0)},${f(y0)}L${f(x0 + u * ww * 0.2 * (len / (poolY - lipY)))},${f(Math.min(poolY, y0 + len))}`;
    if (r.chance(0.6)) streaks += d;
    else darkStreaks += d;
  }
  s.add(
    stroke(streaks, WHITE, Math.max(3, ww * 0.04), 0.8),
    stroke(darkStreaks, mix(p.water, p.foam, 0.35), Math.max(2, ww * 0.025), 0.6),
  );
  s.add(ellipse(cx, lipY + 4, ww * 0.52, 10, WHITE));
  // Ripples and mist.
  let ripples = '';
  for (let i = 1; i <= 4; i++)
    ripples += `M${f(cx - ww * 0.7 - i * 60)},${f(poolY + i * 26)}Q${f(cx)},${f(poolY + i * 26 + 22 + i * 6)} ${f(cx + ww * 0.7 + i * 60)},${f(poolY + i * 26)}`;
  s.add(stroke(ripples, p.foam, 3, 0.45));
  const mistR = ww * 1.6 + 60;
  s.add(
    `<g transform="translate(${f(cx)} ${f(poolY)}) scale(1 0.4)">${circle(
      0,
      0,
      mistR,
      s.radial(
        [
          [0, WHITE, 0.75],
          [0.45, WHITE, 0.35],
          [1, WHITE, 0],
        ],
        0,
        0,
        mistR,
      ),
    )}</g>`,
    circle(
      cx,
      poolY - 30,
      ww * 0.8,
      s.radial(
        [
          [0, WHITE, 0.5],
          [1, WHITE, 0],
        ],
        cx,
        poolY - 30,
        ww * 0.8,
      ),
    ),
  );
  // Foreground rocks and ferns.
  for (const side of [-1, 1]) {
    const x = side < 0 ? r.range(0, 0.2) * W : r.range(0.8, 1) * W;
    const sz = r.range(80, 140);
    s.add(
      path(
        `M${f(x - sz * 1.3)},${H + 10}Q${f(x - sz)},${f(H - sz * 1.1)} ${f(x)},${f(H - sz)}Q${f(x + sz)},${f(H - sz * 0.9)} ${f(x + sz * 1.3)},${H + 10}Z`,
        rockDark,
      ),
    );
    let fern = '';
    const fx = x + side * sz * 0.6;
    for (let k = 0; k < 7; k++) {
      const a = -Math.PI / 2 + (k - 3) * 0.3 + r.range(-0.08, 0.08);
      const len = r.range(130, 210);
      const wid = len * 0.16;
      const ex = fx + Math.cos(a) * len;
      const ey = H + 10 + Math.sin(a) * len;
      const nx = -Math.sin(a) * wid;
      const ny = Math.cos(a) * wid;
      const mx = fx + Math.cos(a) * len * 0.45;
      const my = H + 10 + Math.sin(a) * len * 0.45;
      fern += `M${f(fx)},${H + 10}Q${f(mx + nx)},${f(my + ny)} ${f(ex)},${f(ey)}Q${f(mx - nx)},${f(my - ny)} ${f(fx)},${H + 10}Z`;
    }
    s.add(path(fern, p.layer(0.7)));
  }
};

const drawSnow: Painter = (s, p0, r) => {
  const p: Palette = {
    ...p0,
    skyTop: mix(p0.skyTop, '#dfe9f2', p0.tod === 'night' ? 0.2 : 0.5),
    skyBottom: mix(p0.skyBottom, '#f7fbff', p0.tod === 'night' ? 0.15 : 0.45),
  };
  const top = r.range(0.38, 0.48) * H;
  const sun = placeSun(p, r, top + 60);
  if (p.tod !== 'night') sun.r *= 0.85;
  drawSky(s, p, r, top + 120, sun, r.int(0, 2));
  const snowFar = mix(p.skyTop, '#b7c8da', 0.45);
  const snowNear = p.tod === 'night' ? mix('#c7d3e6', p.skyTop, 0.3) : p0.tint('#fbfdff');
  const shadow = p.tod === 'night' ? '#5b6a8c' : mix('#9fb3c8', p0.skyTop, 0.25);
  const pine = p0.tint(mix(p0.near, '#1f3b36', 0.5));
  const ice = r.chance(0.5);
  const n = ice ? 3 : 4;
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const base = ice ? top + 90 + t * 120 : top + (H * 0.95 - top) * Math.pow(t, 0.9) + 70;
    const amp = r.range(100, 200) * (ice ? 0.9 - t * 0.3 : 1);
    const ridge = makeRidge(r, { base, amp, peaks: r.int(2, 3), wMin: 0.12, wMax: 0.28, rough: 0.05 });
    const c = mix(snowFar, snowNear, t);
    s.add(
      path(
        ridge.d,
        s.linear(
          [
            [0, mix(c, WHITE, 0.45)],
            [0.55, c],
            [1, mix(c, shadow, 0.45)],
          ],
          0,
          base - amp,
          0,
          base + 100,
        ),
      ),
    );
    const treeC = mix(p.skyBottom, pine, 0.35 + 0.6 * t);
    const size = ice ? 20 + 30 * t : 22 + 70 * t;
    let trees = '';
    let caps = '';
    for (let x = r.range(-20, 20); x < W + 20; x += size * r.range(0.5, 1.6)) {
      if (r.chance(0.55)) continue;
      const h = size * r.range(0.9, 1.5);
      const y = ridge.y(x) + h * r.range(0.05, 0.5);
      trees += spruce(x, y, h, h * 0.42, 4);
      caps += spruceSnow(x, y, h, h * 0.42, 4);
    }
    s.add(path(trees, treeC), path(caps, mix(c, WHITE, 0.6)));
  }
  if (ice) {
    const iy = top + 230;
    s.add(
      rect(
        0,
        iy,
        W,
        H - iy,
        s.linear(
          [
            [0, mix(p.skyBottom, '#dfeaf3', 0.5)],
            [1, mix('#cfdeea', p0.skyTop, 0.2)],
          ],
          0,
          iy,
          0,
          H,
        ),
      ),
    );
    s.add(rect(0, iy, W, 5, shadow, op(0.25)));
    let cracks = '';
    for (let i = 0; i < 9; i++) {
      const y = iy + (H - iy) * r.range(0.05, 1);
      const x = r.range(-100, W);
      const len = r.range(150, 500);
      cracks += `M${f(x)},${f(y)}l${f(len * 0.4)},${f(r.range(-10, 10))}l${f(len * 0.6)},${f(r.range(-14, 14))}`;
    }
    s.add(stroke(cracks, shadow, 2, 0.4));
    // Ice fishers.
    const colors = [p0.coral, SEA, INK, p0.accent, '#6b4e8a'];
    for (let i = 0; i < r.int(4, 8); i++) {
      const d = r.range(0.08, 0.8);
      const y = iy + (H - iy) * d;
      const x = r.range(0.08, 0.92) * W;
      const sz = 12 + 46 * d;
      s.add(
        ellipse(x + sz * 0.3, y + 2, sz * 0.7, sz * 0.12, shadow, op(0.5)),
        rect(x - sz * 0.32, y - sz * 1.05, sz * 0.64, sz * 0.9, r.pick(colors), ` rx="${f(sz * 0.22)}"`),
        circle(x, y - sz * 1.2, sz * 0.24, INK),
        ellipse(x + sz * 0.7, y - 1, sz * 0.16, sz * 0.06, '#3a5a78', op(0.8)),
      );
    }
    if (r.chance(0.7)) {
      const x = r.range(0.1, 0.9) * W;
      const y = iy + (H - iy) * r.range(0.2, 0.5);
      const sz = 60 + 60 * ((y - iy) / (H - iy));
      s.add(
        path(
          polygon([
            [x - sz, y],
            [x, y - sz * 1.05],
            [x + sz, y],
          ]),
          p0.coral,
        ),
        path(
          polygon([
            [x, y],
            [x, y - sz * 1.05],
            [x + sz, y],
          ]),
          INK,
          op(0.15),
        ),
      );
    }
  } else {
    const fg = makeRidge(r, { base: H + 40, amp: 180, peaks: 2, wMin: 0.2, wMax: 0.4, rough: 0.02 });
    s.add(
      path(
        fg.d,
        s.linear(
          [
            [0, WHITE],
            [1, mix(WHITE, shadow, 0.35)],
          ],
          0,
          H - 180,
          0,
          H,
        ),
      ),
    );
    let trees = '';
    let caps = '';
    for (const x of [r.range(-40, 120), r.range(W - 140, W + 40)]) {
      const h = r.range(280, 420);
      const y = fg.y(x) + 20;
      trees += spruce(x, y, h, h * 0.44, 6);
      caps += spruceSnow(x, y, h, h * 0.44, 6);
    }
    s.add(path(trees, pine), path(caps, WHITE));
  }
  let flakes = '';
  let big = '';
  for (let i = 0; i < 110; i++) {
    const x = r.range(0, W);
    const y = r.range(0, H);
    if (r.chance(0.2)) big += dot(x, y, r.range(4, 6.5));
    else flakes += dot(x, y, r.range(1.5, 3.5));
  }
  s.add(path(flakes, WHITE, op(0.75)), path(big, WHITE, op(0.55)));
};

const drawRiver: Painter = (s, p, r) => {
  const hz = r.range(0.4, 0.5) * H;
  const sun = placeSun(p, r, hz);
  drawSky(s, p, r, hz, sun, r.int(1, 3));
  const vx = r.range(0.35, 0.65) * W;
  const far = makeRidge(r, { base: hz + 20, amp: r.range(120, 200), peaks: 4, wMin: 0.08, wMax: 0.2 });
  s.add(path(far.d, p.layer(0.1)));
  // Valley floor.
  const floorTop = hz + 40;
  const meadow = p.tint(mix('#8fb86a', p.far, 0.55));
  s.add(
    rect(
      0,
      floorTop,
      W,
      H - floorTop,
      s.linear(
        [
          [0, mix(p.layer(0.3), meadow, 0.3)],
          [1, mix(p.layer(0.65), meadow, 0.3)],
        ],
        0,
        floorTop,
        0,
        H,
      ),
    ),
  );
  // Field stripes.
  let fields = '';
  for (let i = 0; i < 6; i++) {
    const y = floorTop + (H - floorTop) * ((i + 0.5) / 6) ** 1.6;
    fields += `M-20,${f(y)}Q${f(W / 2)},${f(y + r.range(-20, 20))} ${W + 20},${f(y + r.range(-30, 30))}`;
  }
  s.add(stroke(fields, mix(p.layer(0.2), meadow, 0.4), 14, 0.4));
  let groves = '';
  for (let i = 0; i < 10; i++) {
    const t = r.range(0.1, 0.9);
    const y = floorTop + (H - floorTop) * t * t;
    const sz = 10 + 70 * t * t;
    const x = r.range(0, W);
    for (let k = 0; k < 3; k++) groves += dot(x + k * sz * 0.8, y - sz * 0.4 + r.range(-4, 4), sz * r.range(0.45, 0.6));
  }
  s.add(path(groves, mix(p.layer(0.7), meadow, 0.2)));
  // River.
  const meander = r.range(0.18, 0.32) * W;
  const ph = r.range(0, Math.PI * 2);
  const freq = r.range(1.1, 1.6);
  const yOf = (t: number) => floorTop - 2 + (H + 20 - floorTop + 2) * t ** 1.7;
  const xOf = (t: number) =>
    vx + meander * Math.sin(Math.PI * 2 * freq * t + ph) * t ** 0.9 - meander * Math.sin(ph) * 0;
  const wOf = (t: number) => 4 + 560 * t ** 2.1;
  const left: Pt[] = [];
  const right: Pt[] = [];
  const bankL: Pt[] = [];
  const bankR: Pt[] = [];
  const center: Pt[] = [];
  for (let i = 0; i <= 40; i++) {
    const t = i / 40;
    const x = xOf(t);
    const y = yOf(t);
    const w = wOf(t);
    left.push([x - w / 2, y]);
    right.push([x + w / 2, y]);
    bankL.push([x - w / 2 - 3 - w * 0.035, y]);
    bankR.push([x + w / 2 + 3 + w * 0.035, y]);
    center.push([x, y]);
  }
  const river = `${smooth(left)}${smooth([...right].reverse(), false)}Z`;
  s.add(path(`${smooth(bankL)}${smooth([...bankR].reverse(), false)}Z`, p.tint(mix(SAND, p.far, 0.4))));
  s.add(
    path(
      river,
      s.linear(
        [
          [0, mix(p.skyBottom, p.water, 0.3)],
          [0.5, p.water],
          [1, p.waterDeep],
        ],
        0,
        floorTop,
        0,
        H,
      ),
    ),
  );
  let glints = '';
  for (let i = 8; i < 40; i += 2) {
    const [x, y] = center[i] as Pt;
    const w = wOf(i / 40);
    glints += `M${f(x - w * r.range(0.05, 0.3))},${f(y)}h${f(w * r.range(0.1, 0.35))}`;
  }
  s.add(stroke(glints, p.foam, 3, 0.5));
  // Valley sides: hills falling from the picture edges to the valley floor.
  for (const side of [-1, 1] as const) {
    for (let layer = 0; layer < 2; layer++) {
      const edge = side < 0 ? -60 : W + 60;
      // Where the slope meets the valley floor, and where its foot leaves the picture.
      const meetX = side < 0 ? vx - r.range(90, 200) - layer * 140 : vx + r.range(90, 200) + layer * 140;
      const meetY = floorTop + 10 + layer * 70;
      const amp = r.range(300, 420) + layer * 140;
      const ph = r.range(0, 6);
      const hAt = (x: number) => {
        const u = Math.max(0, Math.min(1, (x - edge) / (meetX - edge)));
        return amp * Math.pow(1 - u, 1.6) * (1 + 0.08 * Math.sin(u * 9 + ph) + 0.04 * Math.sin(u * 23 + ph));
      };
      const line: Pt[] = [];
      for (let i = 0; i <= 30; i++) {
        const x = edge + ((meetX - edge) * i) / 30;
        line.push([x, meetY - hAt(x)]);
      }
      const footX = side < 0 ? r.range(-0.1, 0.25) * W - layer * 200 : r.range(0.75, 1.1) * W + layer * 200;
      const footY = layer === 0 ? H * r.range(0.72, 0.85) : H + 30;
      const d = `${smooth(line)}Q${f((meetX + footX) / 2)},${f(meetY + (footY - meetY) * 0.35)} ${f(footX)},${f(footY)}L${f(edge)},${f(H + 30)}Z`;
      const color = p.layer(0.45 + layer * 0.3);
      s.add(path(d, color));
      let trees = '';
      for (let i = 0; i < 16; i++) {
        const x = edge + (meetX - edge) * r.range(0.02, 0.85);
        const th = (26 + layer * 36) * r.range(0.8, 1.4);
        trees += spruce(x, meetY - hAt(x) + th * 0.3, th, th * 0.42, 4);
      }
      s.add(path(trees, color));
    }
  }
  // Trees along the banks, bigger towards the viewer.
  let bankTrees = '';
  for (let i = 12; i < 40; i += 3) {
    if (r.chance(0.35)) continue;
    const t = i / 40;
    const side = r.chance(0.5) ? -1 : 1;
    const [x, y] = (side < 0 ? bankL : bankR)[i] as Pt;
    const sz = 16 + 120 * t * t;
    bankTrees += roundTree(x + side * sz * r.range(0.6, 1.2), y + sz * 0.1, sz);
  }
  s.add(path(bankTrees, p.layer(0.88)));
  birds(
    s,
    r,
    p.tod === 'night' ? p.foam : p.ink,
    vx + r.range(-200, 200),
    hz * r.range(0.3, 0.6),
    100,
    r.int(2, 5),
    14,
  );
};

// ------------------------------------------------------------------------------------------ food

const drawFood: Painter = (s, p, r, variant) => {
  // Either a wooden table or a painted one in the category colour.
  const painted = r.chance(0.5);
  const table = painted
    ? p.tint(mix(mix(p.far, p.near, 0.15), SAND, r.range(0.25, 0.45)))
    : p.tint(mix(mix(SAND, p.far, 0.3), '#c99a6b', r.range(0.25, 0.55)));
  s.add(rect(0, 0, W, H, table));
  let planks = '';
  const vertical = r.chance(0.5);
  const step = r.range(150, 210);
  for (let x = step * r.range(0.2, 0.9); x < (vertical ? W : H); x += step)
    planks += vertical ? `M${f(x)},0V${H}` : `M0,${f(x)}H${W}`;
  s.add(stroke(planks, INK, 3, 0.1));
  let grain = '';
  for (let i = 0; i < 40; i++) {
    const a = r.range(0, vertical ? W : H);
    const b = r.range(0, vertical ? H : W);
    const len = r.range(60, 220);
    grain += vertical ? `M${f(a)},${f(b)}v${f(len)}` : `M${f(b)},${f(a)}h${f(len)}`;
  }
  s.add(stroke(grain, INK, 2, 0.05));
  // Linen napkin with stripes.
  const nx = r.range(0.1, 0.9) * W;
  const ny = r.range(0.1, 0.9) * H;
  const angle = r.range(-25, 25);
  const linen = p.tint(mix(FOAM, WHITE, 0.5));
  const stripeC = p.tint(mix(p.near, p.accent, 0.3));
  s.add(
    `<g transform="translate(${f(nx)} ${f(ny)}) rotate(${f(angle)})">${rect(-190, -140, 380, 280, INK, op(0.08))}${rect(-200, -150, 380, 280, linen)}${rect(-200, -110, 380, 10, stripeC, op(0.7))}${rect(-200, -90, 380, 4, stripeC, op(0.7))}${rect(-200, 80, 380, 4, stripeC, op(0.7))}${rect(-200, 92, 380, 10, stripeC, op(0.7))}</g>`,
  );

  const layouts: Array<Array<[number, number, number]>> = [
    [
      [0.37, 0.52, 300],
      [0.78, 0.3, 175],
      [0.8, 0.8, 125],
      [0.1, 0.17, 120],
      [0.09, 0.82, 110],
    ],
    [
      [0.6, 0.5, 290],
      [0.2, 0.3, 180],
      [0.17, 0.8, 135],
      [0.9, 0.13, 105],
      [0.92, 0.85, 110],
    ],
    [
      [0.29, 0.38, 230],
      [0.69, 0.62, 250],
      [0.85, 0.17, 120],
      [0.19, 0.85, 125],
      [0.52, 0.1, 95],
    ],
    [
      [0.5, 0.54, 270],
      [0.14, 0.3, 160],
      [0.86, 0.74, 160],
      [0.85, 0.2, 110],
      [0.14, 0.84, 110],
    ],
  ];
  const layout = layouts[(variant + r.int(0, 3)) % 4] as Array<[number, number, number]>;
  const dishes = ['fish', 'soup', 'scallops', 'dumplings', 'salad', 'shrimps'] as const;
  type Dish = (typeof dishes)[number] | 'tea' | 'caviar' | 'lemons' | 'bread';
  const main = r.pick(dishes);
  const second = r.pick(dishes.filter((d) => d !== main));
  const third: Dish = r.pick(['tea', 'tea', 'caviar'] as const);
  const fourth: Dish = r.pick((['caviar', 'lemons', 'tea', 'bread'] as const).filter((d) => d !== third));
  const fifth: Dish = r.pick((['lemons', 'bread', 'caviar'] as const).filter((d) => d !== fourth && d !== third));
  const plan: Dish[] = [main, second, third, fourth, fifth];
  const plate = p.tint(mix(WHITE, SAND, 0.25));
  const rimLine = mix(plate, INK, 0.08);
  const herbs = p.tint('#5f9b4a');
  const shadow = (x: number, y: number, rad: number) => circle(x + rad * 0.06 + 8, y + rad * 0.08 + 10, rad, INK, 0.14);

  for (let i = 0; i < plan.length; i++) {
    const [ux, uy, rad0] = layout[i] as [number, number, number];
    const x = ux * W + r.range(-30, 30);
    const y = uy * H + r.range(-30, 30);
    const rad = rad0 * r.range(0.92, 1.05);
    const dish = plan[i] as Dish;
    if (dish === 'tea') {
      s.add(
        shadow(x, y, rad),
        circle(x, y, rad, plate),
        circle(x, y, rad * 0.78, rimLine, 0.5),
        circle(x, y, rad * 0.72, plate),
      );
      s.add(
        rect(x + rad * 0.6, y - rad * 0.14, rad * 0.5, rad * 0.28, plate, ` rx="${f(rad * 0.14)}"`),
        circle(x, y, rad * 0.62, p.tint(mix(p.accent, WHITE, 0.2))),
        circle(x, y, rad * 0.5, p.tint('#a4582a')),
        circle(x - rad * 0.15, y - rad * 0.15, rad * 0.12, WHITE, 0.35),
      );
      continue;
    }
    if (dish === 'caviar') {
      s.add(
        shadow(x, y, rad),
        circle(x, y, rad, p.tint(mix(SEA, WHITE, 0.15))),
        circle(x, y, rad * 0.82, p.tint(mix(SEA, INK, 0.2))),
      );
      let eggs = '';
      let shine = '';
      for (let k = 0; k < 70; k++) {
        const a = r.range(0, Math.PI * 2);
        const d = Math.sqrt(r.next()) * rad * 0.74;
        const ex = x + Math.cos(a) * d;
        const ey = y + Math.sin(a) * d;
        eggs += dot(ex, ey, rad * 0.085);
        shine += dot(ex - rad * 0.025, ey - rad * 0.025, rad * 0.025);
      }
      s.add(path(eggs, p.tint('#f2622e')), path(shine, WHITE, op(0.6)));
      continue;
    }
    if (dish === 'bread') {
      const crust = p.tint('#b87a45');
      const crumb = p.tint('#f1dcb4');
      const rot = r.range(-40, 40);
      let slices = '';
      for (let k = 0; k < 3; k++) {
        const ox = (k - 1) * rad * 0.42;
        slices += rect(ox - rad * 0.5 + 6, -rad * 0.62 + 8, rad, rad * 1.24, INK, ` rx="${f(rad * 0.3)}"${op(0.1)}`);
        slices += rect(ox - rad * 0.5, -rad * 0.62, rad, rad * 1.24, crust, ` rx="${f(rad * 0.3)}"`);
        slices += rect(ox - rad * 0.42, -rad * 0.54, rad * 0.84, rad * 1.08, crumb, ` rx="${f(rad * 0.24)}"`);
      }
      s.add(`<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})">${slices}</g>`);
      continue;
    }
    if (dish === 'lemons') {
      for (let k = 0; k < 3; k++) {
        const lx = x + r.range(-rad * 0.6, rad * 0.6);
        const ly = y + r.range(-rad * 0.6, rad * 0.6);
        const lr = rad * r.range(0.32, 0.42);
        let seg = '';
        for (let m = 0; m < 8; m++)
          seg += `M${f(lx)},${f(ly)}l${f(Math.cos((m * Math.PI) / 4) * lr * 0.8)},${f(Math.sin((m * Math.PI) / 4) * lr * 0.8)}`;
        s.add(
          circle(lx + 5, ly + 7, lr, INK, 0.12),
          circle(lx, ly, lr, p.tint('#f5c842')),
          circle(lx, ly, lr * 0.86, p.tint('#fbe58a')),
          stroke(seg, p.tint('#f5d35a'), 3, 1),
        );
      }
      let leaves = '';
      for (let k = 0; k < 5; k++)
        leaves += `<ellipse cx="${f(x + r.range(-rad, rad))}" cy="${f(y + r.range(-rad, rad))}" rx="${f(rad * 0.16)}" ry="${f(rad * 0.06)}" transform="rotate(${f(r.range(0, 180))} ${f(x)} ${f(y)})"/>`;
      s.add(`<g fill="${herbs}">${leaves}</g>`);
      continue;
    }
    // A plate or bowl with the dish.
    const bowl = dish === 'soup';
    s.add(shadow(x, y, rad));
    if (bowl) s.add(circle(x, y, rad, p.tint(mix(p.accent, p.near, 0.15))), circle(x, y, rad * 0.86, plate));
    else s.add(circle(x, y, rad, plate), circle(x, y, rad * 0.74, rimLine, 0.6), circle(x, y, rad * 0.72, plate));
    if (dish === 'soup') {
      const borscht = r.chance(0.6);
      s.add(circle(x, y, rad * 0.74, p.tint(borscht ? '#b3263a' : '#e3a43a')));
      s.add(
        circle(x + rad * 0.12, y - rad * 0.1, rad * 0.2, p.tint(WHITE), 0.95),
        circle(x + rad * 0.16, y - rad * 0.12, rad * 0.1, p.tint(SAND)),
      );
      let bits = '';
      for (let k = 0; k < 22; k++) {
        const a = r.range(0, Math.PI * 2);
        const d = Math.sqrt(r.next()) * rad * 0.62;
        bits += dot(x + Math.cos(a) * d, y + Math.sin(a) * d, rad * r.range(0.018, 0.035));
      }
      s.add(path(bits, herbs));
      if (!borscht)
        s.add(
          circle(x - rad * 0.3, y + rad * 0.2, rad * 0.12, p.tint('#f08a3c')),
          circle(x - rad * 0.05, y + rad * 0.35, rad * 0.1, p.tint('#f5f0e0')),
        );
    } else if (dish === 'fish') {
      const fl = rad * 1.25;
      const fh = rad * 0.42;
      const a = r.range(-30, 30);
      const body = p.tint(r.pick(['#d98a4e', '#c9a27a', '#e0955a']));
      let grill = '';
      for (let k = -2; k <= 2; k++)
        grill += `M${f(k * fl * 0.13 - fh * 0.3)},${f(-fh * 0.6)}l${f(fh * 0.6)},${f(fh * 1.2)}`;
      s.add(
        `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(a)})">` +
          path(
            `M${f(-fl / 2)},0Q${f(-fl * 0.1)},${f(-fh)} ${f(fl * 0.32)},${f(-fh * 0.35)}L${f(fl / 2)},${f(-fh * 0.55)}L${f(fl * 0.44)},0L${f(fl / 2)},${f(fh * 0.55)}L${f(fl * 0.32)},${f(fh * 0.35)}Q${f(-fl * 0.1)},${f(fh)} ${f(-fl / 2)},0Z`,
            body,
          ) +
          stroke(grill, mix(body, INK, 0.45), 5, 0.6) +
          circle(-fl * 0.34, -fh * 0.12, fh * 0.1, INK) +
          '</g>',
      );
      s.add(
        circle(x + rad * 0.45, y + rad * 0.45, rad * 0.16, p.tint('#f5c842')),
        circle(x + rad * 0.45, y + rad * 0.45, rad * 0.13, p.tint('#fbe58a')),
      );
      let sprig = '';
      for (let k = 0; k < 6; k++)
        sprig += `M${f(x - rad * 0.5)},${f(y + rad * 0.45)}l${f(r.range(-40, 40))},${f(r.range(-40, 10))}`;
      s.add(stroke(sprig, herbs, 4, 1));
    } else if (dish === 'scallops') {
      const n = r.int(4, 5);
      for (let k = 0; k < n; k++) {
        const a = (k / n) * Math.PI * 2 + r.range(0, 0.3);
        const sx = x + Math.cos(a) * rad * 0.4;
        const sy = y + Math.sin(a) * rad * 0.4;
        const sr = rad * 0.24;
        const rot = (a * 180) / Math.PI + 90;
        let ribs = '';
        for (let m = -3; m <= 3; m++)
          ribs += `M0,${f(sr * 0.5)}L${f(Math.sin(m * 0.32) * sr)},${f(sr * 0.5 - Math.cos(m * 0.32) * sr)}`;
        s.add(
          `<g transform="translate(${f(sx)} ${f(sy)}) rotate(${f(rot)})">` +
            path(
              `M${f(-sr * 0.25)},${f(sr * 0.5)}L${f(-sr * 0.95)},${f(-sr * 0.1)}A${f(sr)},${f(sr)} 0 0,1 ${f(sr * 0.95)},${f(-sr * 0.1)}L${f(sr * 0.25)},${f(sr * 0.5)}Z`,
              p.tint('#f1b48c'),
            ) +
            stroke(ribs, p.tint('#d98c66'), 2.5, 0.8) +
            circle(0, -sr * 0.05, sr * 0.42, p.tint('#fbead2')) +
            '</g>',
        );
      }
      s.add(circle(x, y, rad * 0.14, p.tint('#f5c842')));
    } else if (dish === 'dumplings') {
      const n = r.int(6, 8);
      for (let k = 0; k < n; k++) {
        const a = (k / n) * Math.PI * 2;
        const dx = x + Math.cos(a) * rad * 0.42;
        const dy = y + Math.sin(a) * rad * 0.42;
        const dr = rad * 0.2;
        const rot = (a * 180) / Math.PI + r.range(-20, 20);
        let crimp = '';
        for (let m = 1; m < 6; m++) crimp += `M${f(-dr + (2 * dr * m) / 6)},${f(-dr * 0.12)}l0,${f(-dr * 0.22)}`;
        s.add(
          `<g transform="translate(${f(dx)} ${f(dy)}) rotate(${f(rot)})">` +
            ellipse(3, 6, dr, dr * 0.62, INK, op(0.1)) +
            path(
              `M${f(-dr)},0A${f(dr)},${f(dr * 0.7)} 0 0,0 ${f(dr)},0Q0,${f(-dr * 0.45)} ${f(-dr)},0Z`,
              p.tint('#f4e6c8'),
            ) +
            stroke(crimp, p.tint('#d9c39a'), 2.5, 1) +
            '</g>',
        );
      }
      s.add(circle(x, y, rad * 0.2, p.tint('#fff8ee')), circle(x, y, rad * 0.15, p.tint('#f3efe2')));
      let dill = '';
      for (let k = 0; k < 14; k++)
        dill += dot(x + r.range(-rad * 0.7, rad * 0.7), y + r.range(-rad * 0.7, rad * 0.7), 4);
      s.add(path(dill, herbs));
    } else if (dish === 'salad') {
      const greens = ['#6aa84f', '#8cc26a', '#4f8a3c', '#a7cf7a'].map(p.tint);
      let g = '';
      for (let k = 0; k < 16; k++) {
        const a = r.range(0, Math.PI * 2);
        const d = Math.sqrt(r.next()) * rad * 0.5;
        g += `<ellipse cx="${f(x + Math.cos(a) * d)}" cy="${f(y + Math.sin(a) * d)}" rx="${f(rad * 0.22)}" ry="${f(rad * 0.11)}" fill="${r.pick(greens)}" transform="rotate(${f(r.range(0, 180))} ${f(x + Math.cos(a) * d)} ${f(y + Math.sin(a) * d)})"/>`;
      }
      s.add(g);
      for (let k = 0; k < 5; k++) {
        const a = r.range(0, Math.PI * 2);
        const d = r.range(0.1, 0.5) * rad;
        const tx = x + Math.cos(a) * d;
        const ty = y + Math.sin(a) * d;
        s.add(circle(tx, ty, rad * 0.12, p.tint('#e2483c')), circle(tx, ty, rad * 0.075, p.tint('#f27a62')));
      }
      for (let k = 0; k < 4; k++) {
        const tx = x + r.range(-0.45, 0.45) * rad;
        const ty = y + r.range(-0.45, 0.45) * rad;
        s.add(circle(tx, ty, rad * 0.1, p.tint('#3f7d3a')), circle(tx, ty, rad * 0.08, p.tint('#d6ebb0')));
      }
    } else {
      // Shrimps.
      let sh = '';
      let segs = '';
      for (let k = 0; k < 7; k++) {
        const a = r.range(0, Math.PI * 2);
        const d = r.range(0.15, 0.5) * rad;
        const sx = x + Math.cos(a) * d;
        const sy = y + Math.sin(a) * d;
        const sr = rad * 0.14;
        const b = r.range(0, Math.PI * 2);
        sh += `M${f(sx + Math.cos(b) * sr)},${f(sy + Math.sin(b) * sr)}A${f(sr)},${f(sr)} 0 1,1 ${f(sx + Math.cos(b + 4) * sr)},${f(sy + Math.sin(b + 4) * sr)}`;
        segs += dot(sx + Math.cos(b + 2) * sr, sy + Math.sin(b + 2) * sr, sr * 0.22);
      }
      s.add(stroke(sh, p.tint('#ff8a5c'), rad * 0.11, 1), path(segs, p.tint('#ffc2a0'), op(0.7)));
      s.add(circle(x, y, rad * 0.13, p.tint('#f5c842')));
    }
  }
  // Cutlery beside the first plate.
  const [ux, uy, rad0] = layout[0] as [number, number, number];
  const cxp = ux * W + rad0 + 40;
  const cyp = uy * H;
  const metal = p.tint('#c9ccd1');
  if (main === 'dumplings' || main === 'shrimps' || r.chance(0.4)) {
    s.add(
      `<g transform="rotate(${f(r.range(-12, 12))} ${f(cxp)} ${f(cyp)})">${rect(cxp + 5, cyp - rad0 * 0.9 + 8, 12, rad0 * 1.8, INK, op(0.12))}${rect(cxp - 4, cyp - rad0 * 0.9, 11, rad0 * 1.8, p.tint('#9b6a3f'), ' rx="5"')}${rect(cxp + 16, cyp - rad0 * 0.9, 11, rad0 * 1.8, p.tint('#9b6a3f'), ' rx="5"')}</g>`,
    );
  } else {
    s.add(
      rect(cxp, cyp - rad0 * 0.8, 14, rad0 * 1.6, metal, ' rx="7"'),
      rect(cxp + 34, cyp - rad0 * 0.5, 12, rad0 * 1.3, metal, ' rx="6"'),
      rect(cxp + 30, cyp - rad0 * 0.85, 20, rad0 * 0.42, metal, ' rx="8"'),
    );
  }
  // Warm light overlay by time of day.
  if (p.tod === 'dusk' || p.tod === 'night') s.add(rect(0, 0, W, H, '#ff9a5c', op(0.1)));
  else if (p.tod === 'dawn') s.add(rect(0, 0, W, H, '#ffc4a3', op(0.08)));
  else
    s.add(
      rect(
        0,
        0,
        W,
        H,
        s.linear(
          [
            [0, WHITE, 0.16],
            [1, WHITE, 0],
          ],
          0,
          0,
          W,
          H,
        ),
      ),
    );
};

const PAINTERS: Record<Motif, Painter> = {
  sea: drawSea,
  hills: drawHills,
  city: drawCity,
  lighthouse: drawLighthouse,
  forest: drawForest,
  waterfall: drawWaterfall,
  bay: drawBay,
  bridge: drawBridge,
  island: drawIsland,
  food: drawFood,
  snow: drawSnow,
  river: drawRiver,
};

const NIGHT_MOTIFS: ReadonlySet<Motif> = new Set(['city', 'bridge', 'lighthouse', 'sea']);

/** Time of day for each of the four pictures of an idea: cover and gallery differ from each other. */
function timeOfDay(ideaRng: Rng, motif: Motif, variant: number): Tod {
  const order: Tod[] = ['day', 'dusk', 'day', 'dawn'];
  const start = ideaRng.int(0, 3);
  const nightAt = ideaRng.int(1, 3);
  const nightOk = NIGHT_MOTIFS.has(motif) && ideaRng.chance(0.7);
  if (variant > 0 && nightOk && variant === nightAt) return 'night';
  return order[(start + variant) % 4] as Tod;
}

const OUTPUT: Record<PictureSize, { width: number; height: number }> = {
  cover: { width: COVER_W, height: COVER_H },
  large: { width: W, height: H },
};

function buildIdeaSvg(options: {
  seed: string;
  motif: Motif;
  colorClass: number;
  variant: number;
  size: PictureSize;
}): string {
  const { seed, motif, colorClass } = options;
  const variant = Math.max(0, Math.floor(options.variant));
  const painter = PAINTERS[motif] ?? drawHills;
  const ideaRng = new Rng(`${seed}|${motif}|${colorClass}`);
  const hue = ideaRng.range(-10, 10);
  const light = ideaRng.range(-0.03, 0.03);
  const tod = timeOfDay(ideaRng, motif, variant);
  const flipBase = ideaRng.chance(0.5);
  const palette = makePalette(colorClass, tod, hue, light);
  const r = new Rng(`${seed}|${motif}|${colorClass}|${variant}`);
  const s = new Scene();
  const body = s.capture(() => painter(s, palette, r, variant));
  const flip = motif !== 'food' && (variant % 2 === 1) !== flipBase;
  s.add(flip ? `<g transform="matrix(-1 0 0 1 ${W} 0)">${body}</g>` : body);
  // Soft vignette.
  s.add(
    rect(
      0,
      0,
      W,
      H,
      s.radial(
        [
          [0.55, INK, 0],
          [1, INK, motif === 'food' ? 0.2 : 0.16],
        ],
        W / 2,
        H / 2,
        Math.hypot(W, H) / 2,
      ),
    ),
  );
  return s.svg(W, H, OUTPUT[options.size]);
}

/** WebP settings per size. The large picture's effort 2 (of 0–6) encodes it about 2.7 times faster than the default 4
 * for 6 % more bytes: the seed and the first view of a gallery wait for it, and browsers get it resized anyway. */
const WEBP: Record<PictureSize, WebpOptions> = {
  cover: { quality: 78 },
  large: { quality: 80, effort: 2 },
};

/** Deterministic for the same inputs. `variant` 0 is the cover picture, 1–3 are gallery pictures of the same idea (same motif and palette, different composition/time of day/viewpoint). `colorClass` is the idea's category colour class 1–8. */
export async function renderIdeaImage(options: {
  seed: string;
  motif: Motif;
  colorClass: number;
  variant: number;
  size: PictureSize;
}): Promise<Buffer> {
  // The vector drawing is rendered at the size asked for: a cover costs a ninth of the pixels of a large picture.
  return sharp(Buffer.from(buildIdeaSvg(options)))
    .removeAlpha()
    .webp(WEBP[options.size])
    .toBuffer();
}

// ------------------------------------------------------------------------------------------ avatars

const AVATAR_TONES: ReadonlyArray<[string, string]> = [
  ['#9cc98a', '#4f8a4a'],
  ['#7cc3d6', SEA],
  ['#ffb38a', CORAL],
  ['#e7a0bd', '#a3416e'],
  ['#9fd0f2', '#3f7fb0'],
  ['#8fbfa5', '#1f5c45'],
  ['#f4cf78', '#c28a1e'],
  ['#bca6e6', '#5e46a0'],
];

const escapeXml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** A 256×256 WebP avatar: a soft coloured circle background with initials (1–2 letters, may be Cyrillic), deterministic from the seed. */
export async function renderAvatar(options: { seed: string; initials: string }): Promise<Buffer> {
  const r = new Rng(`avatar|${options.seed}`);
  const [light, dark] = r.pick(AVATAR_TONES);
  const hue = r.range(-8, 8);
  const c1 = adjust(light, hue);
  const c2 = adjust(dark, hue);
  const letters = Array.from(options.initials.trim())
    .filter((ch) => /[\p{L}\p{N}]/u.test(ch))
    .slice(0, 2)
    .join('')
    .toLocaleUpperCase('ru');
  const s = new Scene();
  const size = 256;
  const bg = s.linear(
    [
      [0, mix(c1, WHITE, 0.25)],
      [1, mix(c1, c2, 0.55)],
    ],
    0,
    0,
    size,
    size,
  );
  s.add(circle(128, 128, 128, bg));
  // A sopka and a small sun inside the circle, so it reads well even without text.
  const clipId = 'avatarClip';
  const hill1 = r.range(150, 180);
  const hill2 = r.range(175, 200);
  s.add(
    `<clipPath id="${clipId}"><circle cx="128" cy="128" r="128"/></clipPath>`,
    `<g clip-path="url(#${clipId})">` +
      circle(r.chance(0.5) ? r.range(52, 72) : r.range(184, 204), r.range(58, 74), r.range(12, 17), WHITE, 0.4) +
      path(
        `M-10,${f(hill1 + 30)}Q${f(r.range(40, 90))},${f(hill1 - 40)} ${f(r.range(130, 160))},${f(hill1 + 10)}T270,${f(hill1)}V270H-10Z`,
        c2,
        op(0.22),
      ) +
      path(`M-10,${f(hill2 + 20)}Q${f(r.range(120, 190))},${f(hill2 - 50)} 270,${f(hill2 + 5)}V270H-10Z`, c2, op(0.3)) +
      '</g>',
  );
  // Only scripts every common sans-serif font covers; anything else (e.g. CJK without a font) keeps the plain circle.
  if (letters && /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]+$/u.test(letters)) {
    const fontSize = Array.from(letters).length > 1 ? 100 : 116;
    const text = (x: number, y: number, fill: string, opacity: number) =>
      `<text x="${x}" y="${f(y)}" text-anchor="middle" font-family="Manrope, 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif" font-weight="700" font-size="${fontSize}" fill="${fill}" fill-opacity="${opacity}" letter-spacing="-2">${escapeXml(letters)}</text>`;
    s.add(text(129, 130 + fontSize * 0.36, mix(c2, INK, 0.4), 0.25), text(128, 128 + fontSize * 0.36, WHITE, 0.97));
  }
  return sharp(Buffer.from(s.svg(size, size)))
    .webp({ quality: 85 })
    .toBuffer();
}
