'use client';

import { useState, type RefObject } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { PhoneField, TextField } from '@/components/forms/Field';
import { useFormMessages } from '@/components/forms/useFormMessages';
import { navigationStarted } from '@/components/providers/progress';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ChargeNote } from '@/components/currency/ApproxPrice';
import { notify } from '@/lib/browser/notify';
import type { BookableIdea } from '@/lib/bookings/bookable-idea';
import { apiProblem } from '@/lib/forms/api-problem';
import { NAME_MAX, nameError, normalizePhone, phoneError, type FieldErrors } from '@/lib/forms/rules';
import { formatDeparture } from '@/lib/format/dates';
import { formatMoney } from '@/lib/format/money';
import { formatPhone } from '@/lib/format/phone';
import type { AppLocale } from '@/lib/i18n/locales';
import { useRouter } from '@/lib/i18n/navigation';
import type { SessionUser } from '@/lib/store/app-store';
import { useCancellationText } from './CancellationTerms';
import type { PaymentTerms } from '@/lib/payments/terms';
import styles from './BookingPanel.module.css';
import { PaymentSplitNote } from './PaymentSplitNote';

type ContactField = 'name' | 'phone';
export type Contact = Record<ContactField, string>;

/** The contact a booking starts with: the profile's name and confirmed phone, both editable. */
const profileContact = (user: SessionUser | null): Contact => ({
  name: user?.attributes.name ?? '',
  phone: user?.attributes.phone ? formatPhone(user.attributes.phone) : '',
});

const contactErrors = (contact: Contact): FieldErrors<ContactField> =>
  Object.fromEntries(
    [
      ['name', nameError(contact.name)],
      ['phone', phoneError(contact.phone)],
    ].filter(([, error]) => error),
  );

/** The contact in the confirmation: who the author calls about the trip. */
function ContactFields({
  contact,
  errors,
  onChange,
}: {
  contact: Contact;
  errors: Partial<Record<ContactField, string>>;
  onChange: (contact: Contact) => void;
}) {
  const t = useTranslations('bookings');
  return (
    <fieldset className={styles.contact}>
      <legend>{t('contactLegend')}</legend>
      <TextField
        label={t('contactName')}
        name="name"
        autoComplete="name"
        maxLength={NAME_MAX}
        value={contact.name}
        onChange={(event) => onChange({ ...contact, name: event.target.value })}
        error={errors.name}
        aria-required="true"
      />
      <PhoneField
        label={t('contactPhone')}
        hint={t('contactHint')}
        value={contact.phone}
        onChange={(event) => onChange({ ...contact, phone: event.target.value })}
        error={errors.phone}
        required={false}
        aria-required="true"
      />
    </fieldset>
  );
}

export interface BookingChoice {
  idea: BookableIdea;
  /** A departure, or (a private idea) no departure and the proposed local `slot`. */
  date: { id: number | null; startsAt: string };
  slot?: { day: string; time: string };
  adults: number;
  children: number;
  total: number;
  currency: string;
}

/**
 * A signed-in traveller's last step: the booking's summary and their contact, then the booking itself. It loads
 * when they press "book" (with the dialog, the form fields and their rules), not with the idea page.
 * `contact` is null until the traveller changes it: the profile's then, and their changes stay for the next try.
 */
export function BookingConfirmation({
  choice,
  contact,
  onContactChange,
  onClose,
  onFailed,
  returnFocus,
  payment,
}: {
  payment: PaymentTerms;
  choice: BookingChoice;
  contact: Contact | null;
  onContactChange: (contact: Contact) => void;
  onClose: () => void;
  onFailed: (message: string) => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const t = useTranslations('idea.booking');
  const tBookings = useTranslations('bookings');
  const tTerms = useTranslations('terms');
  const locale = useLocale() as AppLocale;
  const router = useRouter();
  const messages = useFormMessages();
  const cancellationText = useCancellationText();
  const user = useAppStore((s) => s.user);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<ContactField, string>>>({});
  const { idea, date, adults, children, total, currency } = choice;
  const current = contact ?? profileContact(user);
  const money = (amount: number) => formatMoney(amount, currency, locale);

  /** Focus moves to the first field with a problem, so that a screen reader reads it with its error. */
  const showProblems = (next: Partial<Record<ContactField, string>>) => {
    setProblems(next);
    const first = (['name', 'phone'] as const).find((field) => next[field]);
    if (first)
      window.setTimeout(() =>
        document.querySelector<HTMLInputElement>(`[role="dialog"] input[name="${first}"]`)?.focus(),
      );
  };

  const confirm = async () => {
    const invalid = contactErrors(current);
    if (Object.keys(invalid).length > 0) return showProblems(messages.fields(invalid));
    setBusy(true);
    try {
      const { createBooking, proposePrivateTrip } = await import('@/lib/api/bookings');
      const party = {
        adults,
        children,
        contact: { name: current.name.trim(), phone: normalizePhone(current.phone) },
      };
      const { booking, paymentUrl } = choice.slot
        ? await proposePrivateTrip(idea.hid, { ...party, ...choice.slot }, locale)
        : await createBooking({ ...party, idea_id: idea.hid, idea_date_id: date.id! }, locale);
      // Paid online: on to the gateway's page, which sends the traveller back to the booking.
      if (paymentUrl) {
        notify('success', t('payment.redirecting'));
        window.location.assign(paymentUrl);
        return;
      }
      onClose();
      navigationStarted();
      router.push(`/account/booking?booked=${booking.hid}`);
    } catch (error) {
      const problem = apiProblem(error);
      const name = problem.errors['contact.name']?.[0];
      const phone = problem.errors['contact.phone']?.[0];
      if (problem.status === 422 && (name || phone)) {
        showProblems({
          name: name && messages.field(nameError(current.name) ?? 'required'),
          phone: phone && messages.field('phone'),
        });
        return;
      }
      const message =
        problem.status === 409
          ? tBookings(choice.slot ? 'slotTaken' : 'noSeats')
          : problem.status === 422
            ? (problem.detail ?? Object.values(problem.errors)[0]?.[0] ?? messages.problem(problem))
            : messages.problem(problem);
      onFailed(message);
      notify('error', t('failed'), { description: message });
      // Seats may have changed since the page loaded: the page is rendered again with the idea as it is now.
      if (problem.status === 409) router.refresh();
    } finally {
      setBusy(false);
    }
  };

  const onRequest = idea.attributes.booking_mode === 'request' || Boolean(choice.slot);
  const guests = [
    tBookings('adults', { count: adults }),
    children > 0 ? tBookings('children', { count: children }) : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={tBookings('confirmTitle')}
      confirmLabel={busy ? tBookings('confirming') : onRequest ? tBookings('requestConfirm') : tBookings('confirm')}
      cancelLabel={tBookings('edit')}
      onConfirm={() => void confirm()}
      busy={busy}
      returnFocus={returnFocus}
      description={
        <>
          <p>
            {onRequest ? tBookings('requestLead', { hours: idea.attributes.response_hours }) : tBookings('confirmLead')}
          </p>
          <dl className={styles.summary}>
            <dt>{tBookings('idea')}</dt>
            <dd>{idea.attributes.title}</dd>
            <dt>{tBookings('date')}</dt>
            <dd>{formatDeparture(date.startsAt, locale, { withWeekday: true })}</dd>
            <dt>{tBookings('guests')}</dt>
            <dd>{guests}</dd>
            <dt>{tBookings('total')}</dt>
            <dd>{money(total)}</dd>
            {idea.attributes.meeting_point?.text ? (
              <>
                <dt>{tTerms('meetingPoint')}</dt>
                <dd>{idea.attributes.meeting_point.text}</dd>
              </>
            ) : null}
            {idea.attributes.cancellation_policy ? (
              <>
                <dt>{tTerms('cancellation')}</dt>
                <dd>{cancellationText(idea.attributes.cancellation_policy, date.startsAt)}</dd>
              </>
            ) : null}
          </dl>
          <ChargeNote amount={total} currency={currency} />
          <PaymentSplitNote terms={payment} total={total} currency={currency} />
        </>
      }
    >
      <ContactFields contact={current} errors={problems} onChange={onContactChange} />
    </ConfirmDialog>
  );
}
