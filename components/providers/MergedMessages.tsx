'use client';

import { useMemo, type ReactNode } from 'react';
import { NextIntlClientProvider, useLocale, useMessages, useTimeZone } from 'next-intl';
import { mergeMessages } from '@/lib/i18n/merge-messages';

/**
 * A nested message provider that keeps the enclosing one's messages: next-intl's providers replace
 * rather than extend, so without the merge an area would have to resend the shell's messages.
 */
export function MergedMessages({ messages, children }: { messages: Record<string, unknown>; children: ReactNode }) {
  const shell = useMessages();
  const merged = useMemo(() => mergeMessages(shell, messages), [shell, messages]);
  return (
    <NextIntlClientProvider locale={useLocale()} timeZone={useTimeZone()} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
