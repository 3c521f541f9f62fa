'use client';

import { useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { acceptCookies, isCookieAccepted, subscribeCookieConsent } from '@/lib/browser/cookie-consent';
import styles from './CookieNotice.module.css';

/**
 * Shown until accepted; acceptance lives in localStorage `cookieAccepted`.
 * The server (and hydration) render nothing, so a visitor who accepted never sees it flash.
 */
export function CookieNotice() {
  const t = useTranslations('cookie');
  const accepted = useSyncExternalStore(
    subscribeCookieConsent,
    () => isCookieAccepted(window.localStorage),
    () => true,
  );
  if (accepted) return null;
  return (
    <section className={styles.notice} aria-label={t('label')}>
      <p className={styles.text}>
        {/* The notice is on screen on every first visit, and few follow this link: no prefetch while the page loads. */}
        {t('text')}{' '}
        <AppLink href="/info/confidential-policy" prefetch={false}>
          {t('policyLink')}
        </AppLink>
      </p>
      <button type="button" className={buttonClass('primary')} onClick={() => acceptCookies(window.localStorage)}>
        {t('accept')}
      </button>
    </section>
  );
}
