import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { AppStoreProvider } from '@/components/providers/AppStoreProvider';
import type { AppStoreInit } from '@/lib/store/app-store';
import ru from '@/messages/ru.json';

/** Renders a component as the app does: Russian messages and a fresh app store. */
export function renderWithApp(ui: ReactNode, store: Partial<AppStoreInit> = {}) {
  return render(
    <NextIntlClientProvider locale="ru" messages={ru}>
      <AppStoreProvider init={{ locale: 'ru', isMobile: true, ...store }}>{ui}</AppStoreProvider>
    </NextIntlClientProvider>,
  );
}
