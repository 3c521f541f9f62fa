'use client';

import { useTranslations } from 'next-intl';
import styles from './Counter.module.css';

/** A number of people with − and + buttons (the booking panel's guests, the listing filters' adults and children). */
export function Counter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const t = useTranslations('filters');
  return (
    <div className={styles.counter} role="group" aria-label={label}>
      <span>{label}</span>
      <button
        type="button"
        onClick={() => onChange(value - 1)}
        disabled={value <= min}
        aria-label={t('decrease', { name: label })}
      >
        −
      </button>
      <output aria-live="polite">{value}</output>
      <button
        type="button"
        onClick={() => onChange(value + 1)}
        disabled={value >= max}
        aria-label={t('increase', { name: label })}
      >
        +
      </button>
    </div>
  );
}
