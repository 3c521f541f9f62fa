'use client';

import { Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { clientOnly } from '@/components/ui/clientOnly';
import { subscribeToastAsked, toastAsked } from '@/lib/browser/notify';
import type { AppLocale } from '@/lib/i18n/locales';
import type { SiteConfig } from '@/lib/config/site-config';
import { AppStoreProvider } from './AppStoreProvider';
import { ChunkReloadGuard } from './ChunkReloadGuard';
import { MediaQuerySync } from './MediaQuerySync';
import { NavigationEvents } from './NavigationEvents';
import { SignedInDataGuard } from './SignedInDataGuard';
import { FavouritesSync } from '@/components/favourites/FavouritesSync';

const Toaster = clientOnly(() => import('sonner').then((m) => m.Toaster));

/** The toaster, from the page's first toast on (lib/browser/notify.ts). */
function ToasterOnDemand() {
  const asked = useSyncExternalStore(subscribeToastAsked, toastAsked, () => false);
  // On phones the toasts sit above the tab bar (--tabbar-offset is 0 without one), never over it.
  return asked ? (
    <Toaster
      position="bottom-right"
      richColors
      closeButton
      offset={{ bottom: 'calc(var(--tabbar-offset, 0px) + 24px)' }}
      mobileOffset={{ bottom: 'calc(var(--tabbar-offset, 0px) + 16px)' }}
    />
  ) : null;
}

export function Providers({
  locale,
  config,
  children,
}: {
  locale: AppLocale;
  config: SiteConfig;
  children: ReactNode;
}) {
  return (
    <AppStoreProvider init={{ locale, isMobile: false }}>
      {children}
      <Suspense fallback={null}>
        <NavigationEvents analyticsCounterId={config.analyticsCounterId} />
      </Suspense>
      <MediaQuerySync mobileBreakpoint={config.mobileBreakpoint} />
      <ChunkReloadGuard />
      <SignedInDataGuard />
      <FavouritesSync />
      <ToasterOnDemand />
    </AppStoreProvider>
  );
}
