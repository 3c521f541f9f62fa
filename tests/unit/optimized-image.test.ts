import { describe, expect, it } from 'vitest';
// next/image's own attribute builder, with this app's image config: the reference the helper must match.
import { getImgProps } from 'next/dist/shared/lib/get-img-props';
import { imageConfigDefault, prepareImageConfig } from 'next/dist/shared/lib/image-config';
import defaultLoader from 'next/dist/shared/lib/image-loader';
import { IMAGE_DEVICE_SIZES, IMAGE_QUALITY, IMAGE_SIZES } from '@/lib/config/images';
import { optimizedImageProps, type OptimizedImageOptions } from '@/lib/images/optimized';

const imgConf = prepareImageConfig({
  ...imageConfigDefault,
  deviceSizes: IMAGE_DEVICE_SIZES,
  imageSizes: IMAGE_SIZES,
  qualities: [IMAGE_QUALITY],
});

function nextImageProps(options: OptimizedImageOptions) {
  const { props } = getImgProps(
    { ...options, alt: '' },
    { defaultLoader, imgConf, showAltText: false, blurComplete: false },
  );
  const { alt: _alt, className: _className, ...rest } = props as Record<string, unknown>;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}

const clean = (props: object) => Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined));

describe('optimizedImageProps', () => {
  it.each<OptimizedImageOptions>([
    {
      src: '/media/ideas/1/cover.webp',
      width: 466,
      height: 350,
      sizes: '(max-width: 559px) calc(100vw - 32px), (max-width: 767px) 50vw, (max-width: 1199px) 33vw, 290px',
      loading: 'eager',
      fetchPriority: 'high',
    },
    {
      src: '/media/ideas/2/large.webp?v=3',
      width: 1200,
      height: 900,
      sizes: '(max-width: 767px) 100vw, (max-width: 1199px) 66vw, 780px',
    },
    { src: '/media/avatars/7.webp', width: 28, height: 28 },
    { src: '/media/avatars/7.webp', width: 56, height: 56 },
    { src: '/media/ideas/3/cover.webp', width: 200, height: 150 },
    { src: '/media/ideas/3/large.webp', width: 900, height: 600 },
    { src: '/media/ideas/3/large.webp', width: 900, height: 600, sizes: '290px' },
  ])('gives the attributes next/image gives for $src at $width px ($sizes)', (options) => {
    const expected = nextImageProps(options);
    // Except widths above the picture's own, which the optimizer would not enlarge: up to the first that holds it.
    if (options.sizes) {
      const candidates = String(expected.srcSet).split(', ');
      const holding = candidates.findIndex(
        (candidate) => Number(candidate.split(' ')[1].slice(0, -1)) >= options.width,
      );
      const kept = holding < 0 ? candidates : candidates.slice(0, holding + 1);
      expected.srcSet = kept.join(', ');
      expected.src = kept.at(-1)!.split(' ')[0];
    }
    expect(clean(optimizedImageProps(options))).toEqual(expected);
  });

  it("lists a card's 466 px cover up to 480 px wide, never at widths the optimizer would not enlarge it to", () => {
    const { srcSet, src } = optimizedImageProps({
      src: '/media/seed/a-cover.webp',
      width: 466,
      height: 350,
      sizes: '(max-width: 559px) calc(100vw - 32px), (max-width: 767px) 50vw, (max-width: 1199px) 33vw, 290px',
    });
    expect(srcSet.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['160w', '360w', '480w']);
    expect(src).toBe('/_next/image?url=%2Fmedia%2Fseed%2Fa-cover.webp&w=480&q=75');
  });

  it('puts src last, after srcSet, as next/image does', () => {
    const keys = Object.keys(optimizedImageProps({ src: '/media/a.webp', width: 100, height: 100 }));
    expect(keys.at(-1)).toBe('src');
    expect(keys.indexOf('srcSet')).toBeLessThan(keys.indexOf('src'));
  });
});
