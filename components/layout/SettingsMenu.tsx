'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { CurrencySelect } from '@/components/currency/CurrencySelect';
import { GlobeIcon } from '@/components/ui/icons/GlobeIcon';
import { LazyOverlayPanel, useOverlayTrigger } from '@/components/ui/LazyOverlayPanel';
import type { AppLocale } from '@/lib/i18n/locales';
import { LocaleSwitcher, localeCode } from './LocaleSwitcher';
import styles from './SettingsMenu.module.css';

const CLASSES = { content: styles.menu };

/**
 * The header's language and currency menu, for every visitor, on desktop and phone. The button shows the
 * language only: the currency comes from a cookie the cached page cannot know, and the button must not change
 * width after hydration. Its panel (Radix) loads when a visitor reaches for it.
 */
export function SettingsMenu() {
  const t = useTranslations('currency');
  const locale = useLocale() as AppLocale;
  const [open, setOpen] = useState(false);
  const overlay = useOverlayTrigger(open, setOpen);
  return (
    <>
      <button className={styles.trigger} aria-label={t('settings')} {...overlay.triggerProps}>
        <GlobeIcon width={20} height={20} />
        <span className={styles.code} aria-hidden="true">
          {localeCode(locale)}
        </span>
      </button>
      {overlay.mounted ? (
        <LazyOverlayPanel
          kind="popover"
          open={open}
          onOpenChange={setOpen}
          trigger={overlay.ref}
          title={t('settings')}
          closeLabel={t('close')}
          classNames={CLASSES}
        >
          {/* The list below is a group named by itself; this is its visible caption. */}
          <p className={styles.heading} aria-hidden="true">
            {t('language')}
          </p>
          <LocaleSwitcher variant="menu" />
          <div className={styles.currency}>
            <CurrencySelect />
            <p className={styles.hint}>{t('hint')}</p>
          </div>
        </LazyOverlayPanel>
      ) : null}
    </>
  );
}
