import { getTranslations } from 'next-intl/server';
import { MessageReports } from '@/components/moderation/MessageReports';
import { ModerationQueue } from '@/components/moderation/ModerationQueue';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { enterLocale } from '@/lib/server/pages/locale';
import styles from '@/components/ui/PageIntro.module.css';

export const generateMetadata = staticPageMetadata({
  path: '/office/moderation',
  page: 'meta.moderation',
  noindex: true,
});

/** The office's moderation tab (moderators only; the API answers 403 to anyone else). */
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  const t = await getTranslations('moderation');
  return (
    <section aria-labelledby="moderation-title">
      <h1 id="moderation-title">{t('title')}</h1>
      <p className={styles.lead}>{t('lead')}</p>
      <ModerationQueue />
      <MessageReports />
    </section>
  );
}
