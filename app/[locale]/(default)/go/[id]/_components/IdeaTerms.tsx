import { getTranslations } from 'next-intl/server';
import type { IdeaResource } from '@/lib/contract/ideas';
import { mapLink } from '@/lib/format/map-link';
import styles from '@/components/idea/IdeaPage.module.css';

/** The idea page's meeting point (with a map link when it has coordinates) and its cancellation rule. */
export async function IdeaTerms({ attributes: a }: { attributes: IdeaResource['attributes'] }) {
  const t = await getTranslations('terms');
  const meeting = a.meeting_point;
  return (
    <>
      {meeting?.text ? (
        <section aria-labelledby="meeting-point" className={styles.section}>
          <h2 id="meeting-point">{t('meetingPoint')}</h2>
          <p>{meeting.text}</p>
          {meeting.lat !== null && meeting.lon !== null ? (
            <p>
              <a href={mapLink(meeting.lat, meeting.lon)} target="_blank" rel="noopener noreferrer">
                {t('openInMaps')}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
      {a.cancellation_policy ? (
        <section aria-labelledby="cancellation" className={styles.section}>
          <h2 id="cancellation">{t('cancellation')}</h2>
          <p>{t(`rule.${a.cancellation_policy}`)}</p>
          {a.cancellation_policy === 'non_refundable' ? null : <p>{t('refund')}</p>}
        </section>
      ) : null}
    </>
  );
}
