'use client';

import { useState, type RefObject } from 'react';
import { useLocale } from 'next-intl';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { navigationStarted } from '@/components/providers/progress';
import { clientOnly } from '@/components/ui/clientOnly';
import { loginHref } from '@/lib/auth/gate';
import { localizePath, type AppLocale } from '@/lib/i18n/locales';
import { useRouter } from '@/lib/i18n/navigation';
import type { PaymentTerms } from '@/lib/payments/terms';
import type { BookingChoice, Contact } from './BookingConfirmation';

// The confirmation (its dialog, Radix, the contact fields and their rules) loads when a traveller is about to
// confirm, not with the idea page.
const BookingConfirmation = clientOnly(() => import('./BookingConfirmation').then((m) => m.BookingConfirmation));

/**
 * A booking panel's step after the choice: an anonymous visitor signs in and comes back to the idea page at
 * `carriedPath` (carriedChoice.ts), a signed-in traveller checks the booking and their contact in the confirmation.
 * The contact they change there is kept while the page is open (the profile's until then); a failed booking closes
 * the confirmation and leaves its reason for the panel to show.
 */
export function useBookingStep() {
  const locale = useLocale() as AppLocale;
  const router = useRouter();
  const signedIn = useAppStore((s) => s.user !== null && s.token !== null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [contact, setContact] = useState<Contact | null>(null);

  const proceed = (carriedPath: string) => {
    setFailure(null);
    if (!signedIn) {
      navigationStarted();
      router.push(loginHref(localizePath(locale, carriedPath)));
      return;
    }
    setConfirming(true);
  };

  const confirmation = (
    choice: BookingChoice | null,
    payment: PaymentTerms,
    returnFocus: RefObject<HTMLElement | null>,
  ) =>
    confirming && choice ? (
      <BookingConfirmation
        choice={choice}
        payment={payment}
        contact={contact}
        onContactChange={setContact}
        onClose={() => setConfirming(false)}
        onFailed={(message) => {
          setConfirming(false);
          setFailure(message);
        }}
        returnFocus={returnFocus}
      />
    ) : null;

  return { failure, proceed, confirmation };
}
