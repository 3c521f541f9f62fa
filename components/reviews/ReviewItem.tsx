import type { ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { ReviewResource } from '@/lib/contract/reviews';
import { formatMonth } from '@/lib/reviews/rules';
import type { AppLocale } from '@/lib/i18n/locales';
import { htmlLangOf, textLanguageOf } from '@/lib/i18n/text-languages';
import { Stars } from './Stars';
import styles from './Reviews.module.css';

/** One review: reviewer, stars, departure month, text and the guide's reply; `actions` for the author or a moderator. */
export function ReviewItem({ review, actions }: { review: ReviewResource; actions?: ReactNode }) {
  const t = useTranslations('reviews');
  const locale = useLocale();
  const a = review.attributes;
  const foreign = a.language !== textLanguageOf(locale as AppLocale);
  return (
    <article className={styles.review} aria-labelledby={`review-${review.hid}`}>
      <header className={styles.reviewHead}>
        {a.reviewer_image_url ? (
          // eslint-disable-next-line @next/next/no-img-element -- avatars come from our upload route at their size
          <img className={styles.avatar} src={a.reviewer_image_url} alt="" width={40} height={40} loading="lazy" />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {a.reviewer_name.slice(0, 1)}
          </span>
        )}
        <div>
          <h3 id={`review-${review.hid}`} className={styles.reviewer}>
            {a.reviewer_name}
          </h3>
          <p className={styles.meta}>
            <Stars rating={a.rating} />
            <span className="visually-hidden">{t('outOf', { rating: a.rating })}</span>
            <span>{t('travelled', { month: formatMonth(a.departure_month, locale) })}</span>
          </p>
          {foreign ? <p className={styles.writtenIn}>{t('writtenIn', { language: a.language })}</p> : null}
        </div>
      </header>
      <p className={styles.text} lang={foreign ? htmlLangOf(a.language) : undefined}>
        {a.text}
      </p>
      {a.reply ? (
        <div className={styles.reply}>
          <p className={styles.replyLabel}>{t('reply')}</p>
          <p className={styles.text}>{a.reply.text}</p>
        </div>
      ) : null}
      {actions}
    </article>
  );
}
