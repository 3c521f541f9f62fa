import 'server-only';
import sharp, { type WebpOptions } from 'sharp';
import { W, H, COVER_W, COVER_H, INK, SEA, CORAL, WHITE, f, Scene, path, circle, rect, op } from './canvas';
import { drawBridge, drawIsland, drawBay } from './motifs/bridge-island-bay';
import { drawCity } from './motifs/city';
import { drawFood } from './motifs/food';
import { drawLighthouse } from './motifs/lighthouse';
import { drawRiver } from './motifs/river';
import { drawSea, drawHills, drawForest } from './motifs/sea-hills-forest';
import { drawWaterfall, drawSnow } from './motifs/waterfall-snow';
import { mix, adjust, type Tod, makePalette } from './palette';
import { Rng } from './random';
import type { Painter } from './scenery';

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
