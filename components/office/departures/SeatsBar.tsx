import { useTranslations } from 'next-intl';
import styles from './Departures.module.css';

/** Seats as a bar, taken of total, with the figures beside it (the bar alone says nothing to a screen reader). */
export function SeatsBar({ taken, total }: { taken: number; total: number }) {
  const t = useTranslations('departures');
  const share = total > 0 ? Math.min(1, taken / total) : 0;
  return (
    <div className={styles.seats}>
      <span className={styles.bar} aria-hidden="true">
        <span className={styles.barFill} style={{ width: `${share * 100}%` }} data-full={taken >= total || undefined} />
      </span>
      <span className={styles.seatsText} aria-label={t('seatsLabel', { taken, total })}>
        {t('seats', { taken, total })}
      </span>
    </div>
  );
}
