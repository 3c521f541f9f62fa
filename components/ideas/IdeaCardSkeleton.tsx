import styles from './IdeaCard.module.css';

/** A card-sized placeholder while a page of ideas loads (no layout shift). */
export function IdeaCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={`${styles.cover} ${styles.skeleton}`} />
      <div className={styles.body}>
        <div className={`${styles.skeletonLine} ${styles.skeleton}`} />
        <div className={`${styles.skeletonLine} ${styles.skeletonShort} ${styles.skeleton}`} />
      </div>
    </div>
  );
}
