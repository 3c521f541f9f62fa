import { getTranslations } from 'next-intl/server';
import { IdeaLocation } from '@/components/map/IdeaLocation';
import styles from '@/components/idea/IdeaPage.module.css';
import type { IdeaResource } from '@/lib/contract/ideas';
import { openInMapsHref } from '@/lib/map/tiles';
import { env } from '@/lib/server/platform/env';

/**
 * Where the trip starts and what cancelling costs: the meeting point on a small map (the idea's own coordinates
 * when the meeting point has none, or when there is no meeting point yet) with a link to a maps app, then the
 * cancellation rule.
 */
export async function IdeaTerms({ attributes: a }: { attributes: IdeaResource['attributes'] }) {
  const t = await getTranslations('terms');
  const tm = await getTranslations('map');
  const meeting = a.meeting_point?.text ? a.meeting_point : null;
  const point =
    meeting && meeting.lat !== null && meeting.lon !== null
      ? { lat: meeting.lat, lon: meeting.lon }
      : a.lat !== null && a.lon !== null
        ? { lat: a.lat, lon: a.lon }
        : null;
  const label = meeting?.text ?? a.title;
  return (
    <>
      {meeting || point ? (
        <section aria-labelledby="location" className={styles.section}>
          <h2 id="location">{meeting ? t('meetingPoint') : tm('ideaMap')}</h2>
          {meeting ? <p>{meeting.text}</p> : null}
          {point ? (
            <>
              <IdeaLocation
                lat={point.lat}
                lon={point.lon}
                label={label}
                mapLabel={tm('ideaMapLabel', { label })}
                tileUrl={env().MAP_TILE_URL}
              />
              <p>
                <a href={openInMapsHref(point.lat, point.lon)} target="_blank" rel="noopener noreferrer">
                  {t('openInMaps')}
                </a>
              </p>
            </>
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
