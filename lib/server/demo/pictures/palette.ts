import 'server-only';
import { INK, SEA, FOAM, CORAL, SAND, WHITE, LAMP } from './canvas';

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

export function mix(a: string, b: string, t: number): string {
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
export function adjust(hex: string, dh: number, ds = 0, dl = 0): string {
  const [h, s, l] = rgbToHsl(parseHex(hex));
  const clamp = (n: number) => Math.max(0, Math.min(1, n));
  return toHex(hslToRgb([h + dh, clamp(s + ds), clamp(l + dl)]));
}

// ------------------------------------------------------------------------------------------ palette

export type Tod = 'dawn' | 'day' | 'dusk' | 'night';

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

export interface Palette {
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

export function makePalette(colorClass: number, tod: Tod, hue: number, light: number): Palette {
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
