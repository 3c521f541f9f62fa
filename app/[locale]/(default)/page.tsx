import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/lib/server/page-locale';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { staticPageMetadata } from '@/lib/server/metadata';
import styles from './home.module.css';

export const generateMetadata = staticPageMetadata({ path: '/', page: 'meta.home' });

export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  const t = await getTranslations('home');
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title">{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
        <AppLink href="/go" className={buttonClass('primary', { block: true })}>
          {t('browse')}
        </AppLink>
      </section>
      <section className={styles.cards} aria-label={t('moreLabel')}>
        <AppLink href="/pages/ecoTravel" className={styles.card}>
          <h2>{t('ecoTitle')}</h2>
          <p>{t('ecoText')}</p>
        </AppLink>
        <AppLink href="/info/infoAbout" className={styles.card}>
          <h2>{t('aboutTitle')}</h2>
          <p>{t('aboutText')}</p>
        </AppLink>
      </section>
    </>
  );
}
