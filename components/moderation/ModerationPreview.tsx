'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { ideaReviewQuery } from '@/lib/api/signed-in-queries';
import { formatDeparture, formatDuration } from '@/lib/format/dates';
import type { AppLocale } from '@/lib/i18n/locales';
import styles from './Moderation.module.css';

/** What the public page would show, in short: description, itinerary, departures, terms. */
export function ModerationPreview({ id, hid }: { id: string; hid: string }) {
  const t = useTranslations('moderation');
  const tf = useTranslations('filters');
  const locale = useLocale() as AppLocale;
  const { data, isPending, isError } = useQuery(ideaReviewQuery(locale, hid));

  if (isPending || isError) {
    return (
      <div id={id} className={styles.preview} role={isError ? 'alert' : 'status'}>
        {isError ? t('previewFailed') : t('loading')}
      </div>
    );
  }

  const { attributes: a, relationships: r } = data.data;
  const steps = r.ideaItineraries?.data ?? [];
  const dates = r.futureDates?.data ?? [];
  const params = r.bookingParams?.data;
  const languages = a.languages.map((code) =>
    ['ru', 'en', 'zh'].includes(code) ? tf(`languageNames.${code as 'ru' | 'en' | 'zh'}`) : code,
  );

  return (
    <div id={id} className={styles.preview}>
      <dl className={styles.terms}>
        <div>
          <dt>{t('languages')}</dt>
          <dd>{languages.join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>{t('duration')}</dt>
          <dd>{a.duration_minutes ? formatDuration(a.duration_minutes, locale) : '—'}</dd>
        </div>
        <div>
          <dt>{t('group')}</dt>
          <dd>{params ? t('groupSize', { min: params.min_persons, max: params.max_persons }) : '—'}</dd>
        </div>
        <div>
          <dt>{t('photos')}</dt>
          <dd>{r.photos?.data.length ?? 0}</dd>
        </div>
      </dl>
      <h4 className={styles.subheading}>{t('description')}</h4>
      <p className={styles.description}>{a.description || t('noDescription')}</p>
      {steps.length > 0 ? (
        <>
          <h4 className={styles.subheading}>{t('itinerary')}</h4>
          <ol className={styles.steps}>
            {steps.map((step) => (
              <li key={step.id}>
                <strong>{step.attributes.title}</strong> {step.attributes.description}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {dates.length > 0 ? (
        <>
          <h4 className={styles.subheading}>{t('departures')}</h4>
          <ul className={styles.departures}>
            {dates.map((date) => (
              <li key={date.id}>
                {t('departure', {
                  date: formatDeparture(date.attributes.starts_at, locale),
                  seats: date.attributes.seats_total,
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
