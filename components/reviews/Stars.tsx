import styles from './Reviews.module.css';

/** Five stars, `rating` of them filled; decorative (the caller says the rating in words). */
export function Stars({ rating, size = 'small' }: { rating: number; size?: 'small' | 'large' }) {
  const full = Math.round(rating);
  return (
    <span className={`${styles.stars} ${size === 'large' ? styles.starsLarge : ''}`} aria-hidden="true">
      {'★'.repeat(full)}
      <span className={styles.starsEmpty}>{'★'.repeat(5 - full)}</span>
    </span>
  );
}
