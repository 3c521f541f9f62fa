'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { navigationStarted } from '@/components/providers/progress';
import { buttonClass } from '@/components/ui/button';
import { clientOnly } from '@/components/ui/clientOnly';
import { loginHref } from '@/lib/auth/gate';
import { localizePath, type AppLocale } from '@/lib/i18n/locales';
import { useRouter } from '@/lib/i18n/navigation';

// The question form (and Radix's dialog) load when the button is pressed, never with the idea page.
const AskGuideDialog = clientOnly(() => import('@/components/messages/AskGuideDialog').then((m) => m.AskGuideDialog));

/** "Ask the guide": signed in, opens the question form; anonymous, signs in and comes back to the open form (?ask=1). */
export function AskGuide({ ideaHid, authorId }: { ideaHid: string; authorId: number }) {
  const t = useTranslations('conversations');
  const locale = useLocale() as AppLocale;
  const router = useRouter();
  const user = useAppStore((s) => s.user);
  const token = useAppStore((s) => s.token);
  const [open, setOpen] = useState(false);
  const signedIn = user !== null && token !== null;

  useEffect(() => {
    if (!signedIn || !new URLSearchParams(window.location.search).has('ask')) return;
    // Back from signing in with the form asked for: open it once, and keep a reload from opening it again.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is only readable after hydration
    setOpen(true);
  }, [signedIn]);

  if (user?.id === authorId) return null;
  const ask = () => {
    if (!signedIn) {
      navigationStarted();
      router.push(loginHref(localizePath(locale, `/go/${ideaHid}?ask=1`)));
      return;
    }
    setOpen(true);
  };
  return (
    <>
      <button type="button" className={buttonClass('secondary')} aria-haspopup="dialog" onClick={ask}>
        {t('ask')}
      </button>
      {open ? <AskGuideDialog ideaHid={ideaHid} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
