'use client';

import { useEffect, useRef, type RefObject } from 'react';
import { useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { useCookieConsent } from '@/components/providers/useCookieConsent';
import { acceptCookies } from '@/lib/browser/cookie-consent';
import styles from './CookieNotice.module.css';

/**
 * While the notice is shown, the page ends with room for it (`--cookie-notice-space`, the footer's bottom
 * padding): scrolled to the end, the footer's links and switches are above the notice, not under it. Set on the
 * footer itself: a custom property changed on the root makes the browser restyle every element of the page, and
 * the notice appears on every first visit, right after hydration.
 */
function useReservedSpace(notice: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const element = notice.current;
    const footer = document.querySelector('footer');
    if (!shown || !element || !footer) return;
    const observer = new ResizeObserver(() =>
      footer.style.setProperty('--cookie-notice-space', `calc(${element.offsetHeight}px + 2 * var(--space-3))`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      footer.style.removeProperty('--cookie-notice-space');
    };
  }, [notice, shown]);
}

/**
 * Shown until accepted; acceptance lives in localStorage `cookieAccepted`.
 * The server (and hydration) render nothing, so a visitor who accepted never sees it flash.
 */
export function CookieNotice() {
  const t = useTranslations('cookie');
  const accepted = useCookieConsent(true);
  const notice = useRef<HTMLElement>(null);
  useReservedSpace(notice, !accepted);
  if (accepted) return null;
  return (
    <section ref={notice} className={styles.notice} aria-label={t('label')}>
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
