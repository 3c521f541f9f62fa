'use client';

import { useTranslations } from 'next-intl';
import type { IdeaResource } from '@/lib/contract/ideas';
import styles from './Office.module.css';

const KEYS = { draft: 'draft', 'not-moderated': 'notModerated', published: 'published', refused: 'refused' } as const;

/** An idea's status as a coloured chip; its text says the status, so colour is never the only cue. */
export function StatusBadge({ status }: { status: IdeaResource['attributes']['status'] }) {
  const t = useTranslations('office');
  const key = KEYS[status];
  return (
    <span className={`${styles.badge} ${styles[`badge-${key}`]}`}>
      <span className="visually-hidden">{t('statusLabel')}: </span>
      {t(`status.${key}`)}
    </span>
  );
}
