'use client';

import { useLocale, useTranslations } from 'next-intl';
import { freeCancellationDeadline, type CancellationPolicy } from '@/lib/bookings/cancellation';
import { formatDeparture } from '@/lib/format/dates';
import type { AppLocale } from '@/lib/i18n/locales';

/** The cancellation rule in words and, once a departure is known, its free-cancellation deadline. */
export function useCancellationText() {
  const t = useTranslations('terms');
  const locale = useLocale() as AppLocale;
  return (policy: CancellationPolicy, startsAt?: string) => {
    const deadline = startsAt ? freeCancellationDeadline(policy, new Date(startsAt)) : null;
    const rule = t(`rule.${policy}`);
    return deadline ? `${rule} (${t('deadline', { date: formatDeparture(deadline.toISOString(), locale) })})` : rule;
  };
}

/** One line of the booking panel: "Free cancellation up to 24 hours before the start (until 21 May, 09:00)". */
export function CancellationTerms({
  policy,
  startsAt,
  className,
}: {
  policy: CancellationPolicy;
  startsAt?: string;
  className?: string;
}) {
  const text = useCancellationText();
  return (
    <p className={className} data-testid="cancellation-terms">
      {text(policy, startsAt)}
    </p>
  );
}
