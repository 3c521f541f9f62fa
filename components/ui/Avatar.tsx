import { optimizedImageProps } from '@/lib/images/optimized';
import styles from './Avatar.module.css';

const PIXELS = { card: 28, page: 56 } as const;

/**
 * A person's round picture, or the first letter of their name on sea when they have none. Decorative: the name
 * stands beside it. A plain img with the optimizer's srcset, since next/image would ship a client component.
 */
export function Avatar({ name, src, size }: { name: string; src: string | null; size: keyof typeof PIXELS }) {
  if (!src)
    return (
      <span className={`${styles.fallback} ${styles[size]}`} aria-hidden="true">
        {name.slice(0, 1)}
      </span>
    );
  return (
    // eslint-disable-next-line @next/next/no-img-element -- optimizedImageProps gives the optimizer's srcset
    <img
      alt=""
      className={`${styles.avatar} ${styles[size]}`}
      {...optimizedImageProps({ src, width: PIXELS[size], height: PIXELS[size] })}
    />
  );
}
