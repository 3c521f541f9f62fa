import { IMAGE_DEVICE_SIZES, IMAGE_QUALITY, IMAGE_SIZES } from '@/lib/config/images';

const ALL_SIZES = [...IMAGE_SIZES, ...IMAGE_DEVICE_SIZES].sort((a, b) => a - b);

/** The optimizer's URL of a stored picture at one width. */
const optimizerUrl = (src: string, width: number) =>
  `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=${IMAGE_QUALITY}`;

/**
 * With `sizes`, the widths up to the first one that holds the whole picture: the optimizer never enlarges, so a
 * wider one would be the same file under another URL (a card's 466 px cover listed at 828 and 1200 too, two
 * needless URLs per card in every listing's HTML and payload).
 */
function upToPicture(widths: number[], width: number): number[] {
  const holding = widths.findIndex((size) => size >= width);
  return holding < 0 ? widths : widths.slice(0, holding + 1);
}

/**
 * The candidate widths, chosen as next/image does: with `sizes`, every width from the smallest share of the
 * smallest screen up (but none above the picture's own, see upToPicture); without, the picture's width and its
 * double (for 2× screens).
 */
function candidates(width: number, sizes: string | undefined): { widths: number[]; kind: 'w' | 'x' } {
  if (sizes) {
    const shares = [...sizes.matchAll(/(^|\s)(1?\d?\d)vw/g)].map((match) => Number(match[2]));
    if (shares.length === 0) return { widths: upToPicture(ALL_SIZES, width), kind: 'w' };
    const smallest = IMAGE_DEVICE_SIZES[0] * Math.min(...shares) * 0.01;
    return {
      widths: upToPicture(
        ALL_SIZES.filter((size) => size >= smallest),
        width,
      ),
      kind: 'w',
    };
  }
  const fit = (target: number) => ALL_SIZES.find((size) => size >= target) ?? ALL_SIZES[ALL_SIZES.length - 1];
  return { widths: [...new Set([fit(width), fit(width * 2)])], kind: 'x' };
}

export interface OptimizedImageOptions {
  src: string;
  width: number;
  height: number;
  sizes?: string;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high';
}

/**
 * A stored picture's `<img>` attributes through the image optimizer: the srcset next/image would give, without
 * shipping next/image to the browser (about 5 kB gzipped on every page with a card or a gallery). `src` comes
 * last, as in next/image: a browser that fetched `src` before reading `srcSet` would load the picture twice.
 */
export function optimizedImageProps({
  src,
  width,
  height,
  sizes,
  loading = 'lazy',
  fetchPriority,
}: OptimizedImageOptions) {
  const { widths, kind } = candidates(width, sizes);
  return {
    loading,
    fetchPriority,
    width,
    height,
    decoding: 'async' as const,
    // As next/image: the alternative text stays invisible while the picture loads.
    style: { color: 'transparent' },
    sizes: sizes ?? (kind === 'w' ? '100vw' : undefined),
    srcSet: widths.map((w, index) => `${optimizerUrl(src, w)} ${kind === 'w' ? w : index + 1}${kind}`).join(', '),
    src: optimizerUrl(src, widths[widths.length - 1]),
  };
}
