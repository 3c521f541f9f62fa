'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { Counter } from '@/components/forms/Counter';
import { buttonClass } from '@/components/ui/button';
import { ApproxPrice, ChargeNote } from '@/components/currency/ApproxPrice';
import { LazyOverlayPanel, useOverlayTrigger } from '@/components/ui/LazyOverlayPanel';
import { bookingIssue, bookingTotal, guestLimits, type BookingTerms } from '@/lib/bookings/terms';
import type { BookableIdea } from '@/lib/bookings/bookable-idea';
import { formatDeparture } from '@/lib/format/dates';
import { formatMoney } from '@/lib/format/money';
import type { AppLocale } from '@/lib/i18n/locales';
import type { PaymentTerms } from '@/lib/payments/terms';
import { CancellationTerms } from './CancellationTerms';
import { PaymentSplitNote } from './PaymentSplitNote';
import styles from './BookingPanel.module.css';
import { useBookingStep } from './useBookingStep';
import { carriedChoicePath, useCarriedChoice } from './carriedChoice';

const SHEET_CLASSES = { content: styles.sheet, header: styles.sheetHeader };

/**
 * The booking panel: a departure, adults and children, and the total. Anonymous visitors sign in first and
 * come back to the same idea with their choice; signed-in travellers check the booking and their contact in a
 * dialog. On phones the panel's button, in the bottom bar, opens a sheet with the same choice first. The idea comes
 * from the page's server render; it is rendered again (router.refresh) when its seats turn out to have changed.
 */
export function BookingPanel({ idea, payment }: { idea: BookableIdea; payment: PaymentTerms }) {
  const t = useTranslations('idea.booking');
  const locale = useLocale() as AppLocale;
  const user = useAppStore((s) => s.user);
  const isMobile = useAppStore((s) => s.isMobile);
  const dates = (idea.relationships.futureDates?.data ?? []).filter((d) => d.attributes.seats_left > 0);
  const price = idea.relationships.ideaPrice?.data ?? idea.relationships.price?.data;
  const params = idea.relationships.bookingParams?.data;
  const terms: BookingTerms = {
    price: price?.amount ?? null,
    childPrice: idea.relationships.ideaPrice?.data.child_amount ?? null,
    minPersons: params?.min_persons ?? 1,
    maxPersons: params?.max_persons ?? 50,
    childrenAllowed: params?.children_allowed ?? true,
  };
  const [dateId, setDateId] = useState<number | null>(dates[0]?.id ?? null);
  const [adults, setAdults] = useState(Math.max(1, terms.minPersons));
  const [children, setChildren] = useState(0);
  const step = useBookingStep();
  const [choosing, setChoosing] = useState(false);
  const sheet = useOverlayTrigger(choosing, setChoosing);
  useCarriedChoice((carried) => {
    if (carried.date && dates.some((d) => d.id === carried.date)) setDateId(carried.date);
    if (carried.adults) setAdults(carried.adults);
    if (carried.children !== undefined && terms.childrenAllowed) setChildren(carried.children);
  });

  if (!price) return null;
  // A guide does not book their own trip (the API refuses it too): a note instead of the choice.
  if (user && idea.relationships.author?.data.id === user.id)
    return (
      <section className={styles.panel} aria-labelledby="booking-title">
        <h2 id="booking-title" className={styles.title}>
          {t('title')}
        </h2>
        <p className={styles.note}>{t('ownIdea')}</p>
      </section>
    );
  const date = dates.find((d) => d.id === dateId) ?? null;
  const choice = date ? { adults, children, seatsLeft: date.attributes.seats_left } : null;
  const issue = bookingIssue(terms, choice);
  const limits = choice
    ? guestLimits(terms, choice)
    : { maxAdults: terms.maxPersons, maxChildren: terms.childrenAllowed ? terms.maxPersons : 0 };
  const total = bookingTotal(terms, adults, children);
  const money = (amount: number) => formatMoney(amount, price.currency, locale);
  const issueText: Record<string, string> = {
    noDate: t('noDates'),
    notEnoughSeats: t('notEnoughSeats', { count: date?.attributes.seats_left ?? 0 }),
    tooFew: t('groupLimits', { min: terms.minPersons, max: terms.maxPersons }),
    tooMany: t('groupLimits', { min: terms.minPersons, max: terms.maxPersons }),
    noChildren: t('noChildren'),
  };

  /** The step after the choice: anonymous visitors sign in and come back; signed-in travellers check a summary. */
  const book = () => {
    if (issue || !date) return;
    step.proceed(carriedChoicePath(idea.hid, { date: date.id, adults, children }));
  };

  const choiceFields = (
    <>
      <label className={styles.field}>
        <span>{t('date')}</span>
        <select
          className={styles.select}
          value={dateId ?? ''}
          onChange={(event) => setDateId(Number(event.target.value))}
        >
          {dates.map((d) => (
            <option key={d.id} value={d.id}>
              {formatDeparture(d.attributes.starts_at, locale, { withWeekday: true })}
            </option>
          ))}
        </select>
      </label>
      <Counter label={t('adults')} value={adults} min={1} max={limits.maxAdults} onChange={setAdults} />
      {terms.childrenAllowed ? (
        <Counter label={t('children')} value={children} min={0} max={limits.maxChildren} onChange={setChildren} />
      ) : null}
      {issue ? (
        <p className={styles.issue} role="status">
          {issueText[issue]}
        </p>
      ) : null}
      {step.failure && !issue ? (
        <p className={styles.issue} role="alert">
          {step.failure}
        </p>
      ) : null}
      {total !== null ? <ChargeNote amount={total} currency={price.currency} /> : null}
      {total !== null ? <PaymentSplitNote terms={payment} total={total} currency={price.currency} /> : null}
    </>
  );
  const totalLine = (
    <p className={styles.total}>
      <span>{t('total')}</span>
      <strong>{total !== null ? money(total) : '—'}</strong>
      {total !== null ? <ApproxPrice amount={total} currency={price.currency} /> : null}
    </p>
  );
  // An on-request idea's booking is a request the guide confirms (docs/booking-states.md).
  const onRequest = idea.attributes.booking_mode === 'request';
  // On phones the bar's button opens the sheet, where the choice is made; elsewhere it books the panel's choice.
  const opensSheet = isMobile && dates.length > 0;

  return (
    <section className={styles.panel} aria-labelledby="booking-title">
      <h2 id="booking-title" className={styles.title}>
        {t('title')}
      </h2>
      {dates.length === 0 ? <p className={styles.note}>{t('noDates')}</p> : choiceFields}
      <div className={styles.bar}>
        {totalLine}
        <button
          {...sheet.triggerProps}
          aria-expanded={opensSheet ? choosing : undefined}
          aria-haspopup={opensSheet || user ? 'dialog' : undefined}
          className={`${buttonClass('primary')} ${styles.action}`}
          onClick={opensSheet ? () => setChoosing(true) : book}
          disabled={!opensSheet && Boolean(issue)}
        >
          {!user && !opensSheet ? t('signInToBook') : onRequest ? t('request') : t('book')}
        </button>
      </div>
      {onRequest ? (
        <div className={styles.terms}>
          <p className={styles.note}>{t('requestNote', { hours: idea.attributes.response_hours })}</p>
          {idea.attributes.usual_response_hours ? (
            <p className={styles.note}>{t('usuallyAnswers', { hours: idea.attributes.usual_response_hours })}</p>
          ) : null}
        </div>
      ) : null}
      {idea.attributes.cancellation_policy ? (
        <CancellationTerms
          policy={idea.attributes.cancellation_policy}
          startsAt={date?.attributes.starts_at}
          className={styles.terms}
        />
      ) : null}
      {sheet.mounted ? (
        <LazyOverlayPanel
          kind="sheet"
          open={choosing}
          onOpenChange={setChoosing}
          trigger={sheet.ref}
          title={t('sheetTitle')}
          closeLabel={t('sheetClose')}
          classNames={SHEET_CLASSES}
        >
          <div className={styles.sheetBody}>{choiceFields}</div>
          <div className={styles.sheetActions}>
            {totalLine}
            <button
              type="button"
              className={`${buttonClass('primary')} ${styles.action}`}
              disabled={Boolean(issue)}
              onClick={() => {
                setChoosing(false);
                book();
              }}
            >
              {user ? t('sheetContinue') : t('signInToBook')}
            </button>
          </div>
        </LazyOverlayPanel>
      ) : null}
      {step.confirmation(
        date && total !== null
          ? {
              idea,
              date: { id: date.id, startsAt: date.attributes.starts_at },
              adults,
              children,
              total,
              currency: price.currency,
            }
          : null,
        payment,
        sheet.ref,
      )}
    </section>
  );
}
