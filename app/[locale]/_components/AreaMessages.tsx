import type { ReactNode } from 'react';
import { getMessages } from 'next-intl/server';
import { AREA_MESSAGES, pickMessages, type MessageArea } from '@/lib/i18n/client-messages';
import { MergedMessages } from '@/components/providers/MergedMessages';

/** Adds an area's own client messages (the booking panel's, the office editor's) to its pages only, keeping other pages light. */
export async function AreaMessages({ area, children }: { area: MessageArea; children: ReactNode }) {
  const messages = (await getMessages()) as Record<string, unknown>;
  return <MergedMessages messages={pickMessages(messages, AREA_MESSAGES[area])}>{children}</MergedMessages>;
}
