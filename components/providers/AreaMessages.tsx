import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { AREA_NAMESPACES, pickClientMessages } from '@/lib/i18n/client-namespaces';

/** Adds an area's own client messages (the office editor's, say) to its pages only, keeping other pages light. */
export async function AreaMessages({ area, children }: { area: keyof typeof AREA_NAMESPACES; children: ReactNode }) {
  const messages = (await getMessages()) as Record<string, unknown>;
  return <NextIntlClientProvider messages={pickClientMessages(messages, AREA_NAMESPACES[area])}>{children}</NextIntlClientProvider>;
}
