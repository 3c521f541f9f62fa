'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { Counter } from '@/components/forms/Counter';
import { buttonClass } from '@/components/ui/button';
import type { BookableIdea } from '@/lib/bookings/bookable-idea';
import { formatMoney } from '@/lib/format/money';
import type { AppLocale } from '@/lib/i18n/locales';
import type { PaymentTerms } from '@/lib/payments/terms';
import { localDateTime, localDay } from '@/lib/time/local-time';
import { CancellationTerms } from './CancellationTerms';
import { PaymentSplitNote } from './PaymentSplitNote';
import styles from './BookingPanel.module.css';
import { useBookingStep } from './useBookingStep';
import { carriedChoicePath, useCarriedChoice } from './carriedChoice';

type Times = { state: 'idle' | 'loading' | 'failed' } | { state: 'ready'; times: string[] };

/**
 * A private idea's booking panel: the traveller picks a day, one of its free start times (Vladivostok time, read
 * from GET /ideas/{hid}/availability), and the group; the price is the whole group's. The guide accepts the time or
 * proposes another (docs/booking-states.md).
 */
export function PrivateBookingPanel({ idea, payment }: { idea: BookableIdea; payment: PaymentTerms }) {
  const t = useTranslations('idea.booking');
  const tPrivate = useTranslations('idea.private');
  const locale = useLocale() as AppLocale;
  const user = useAppStore((s) => s.user);
  const ids = useId();
  const button = useRef<HTMLButtonElement>(null);
  const price = idea.relationships.ideaPrice?.data ?? idea.relationships.price?.data;
  const params = idea.relationships.bookingParams?.data;
  const maxPersons = params?.max_persons ?? 1;
  const [day, setDay] = useState('');
  const [time, setTime] = useState<string | null>(null);
  const [times, setTimes] = useState<Times>({ state: 'idle' });
  const [adults, setAdults] = useState(1);
  const [children, setChildren] = useState(0);
  const step = useBookingStep();
  useCarriedChoice((carried) => {
    if (!carried.day || carried.day < localDay(new Date())) return;
    setDay(carried.day);
    setTimes({ state: 'loading' });
    setTime(carried.time ?? null);
    if (carried.adults) setAdults(Math.min(carried.adults, maxPersons));
    if (carried.children !== undefined && params?.children_allowed !== false) setChildren(carried.children);
  });

  useEffect(() => {
    if (!day) return;
    let current = true;
    import('@/lib/api/bookings')
      .then(({ fetchFreeTimes }) => fetchFreeTimes(idea.hid, day, locale))
      .then(
        (free) => {
          if (!current) return;
          setTimes({ state: 'ready', times: free });
          // A time carried through sign-in stays chosen only while it is free.
          setTime((chosen) => (chosen && free.includes(chosen) ? chosen : null));
        },
        () => current && setTimes({ state: 'failed' }),
      );
    return () => {
      current = false;
    };
  }, [day, idea.hid, locale]);

  const amount = price?.amount ?? null;
  if (!price || amount === null) return null;
  const title = (
    <h2 id="booking-title" className={styles.title}>
      {t('title')}
    </h2>
  );
  if (user && idea.relationships.author?.data.id === user.id)
    return (
      <section className={styles.panel} aria-labelledby="booking-title">
        {title}
        <p className={styles.note}>{t('ownIdea')}</p>
      </section>
    );
  const today = localDay(new Date());
  const startsAt = day && time ? localDateTime(day, time) : null;
  const tooMany = adults + children > maxPersons;

  const request = () => {
    if (!startsAt || tooMany) return;
    step.proceed(carriedChoicePath(idea.hid, { day, time: time ?? undefined, adults, children }));
  };

  return (
    <section className={styles.panel} aria-labelledby="booking-title">
      {title}
      <p className={styles.note}>{tPrivate('lead', { max: maxPersons })}</p>
      <label className={styles.field}>
        <span>{tPrivate('day')}</span>
        <input
          type="date"
          className={styles.select}
          min={today}
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
            setTimes({ state: 'loading' });
            setTime(null);
          }}
        />
      </label>
      {day ? (
        <fieldset className={styles.times} aria-describedby={`${ids}-zone`}>
          <legend>{tPrivate('time')}</legend>
          <p id={`${ids}-zone`} className={styles.note}>
            {tPrivate('zone')}
          </p>
          {times.state === 'loading' ? <p role="status">{tPrivate('loading')}</p> : null}
          {times.state === 'failed' ? <p className={styles.issue}>{tPrivate('failed')}</p> : null}
          {times.state === 'ready' && times.times.length === 0 ? (
            <p className={styles.issue} role="status">
              {tPrivate('noTimes')}
            </p>
          ) : null}
          {times.state === 'ready' ? (
            <div className={styles.timeChoices}>
              {times.times.map((free) => (
                <label key={free} className={styles.timeChoice}>
                  <input
                    type="radio"
                    name={`${ids}-time`}
                    value={free}
                    checked={time === free}
                    onChange={() => setTime(free)}
                  />
                  <span>{free}</span>
                </label>
              ))}
            </div>
          ) : null}
        </fieldset>
      ) : null}
      <Counter label={t('adults')} value={adults} min={1} max={maxPersons} onChange={setAdults} />
      {params?.children_allowed !== false ? (
        <Counter label={t('children')} value={children} min={0} max={maxPersons - 1} onChange={setChildren} />
      ) : null}
      {tooMany ? <p className={styles.issue}>{tPrivate('tooMany', { max: maxPersons })}</p> : null}
      {step.failure ? (
        <p className={styles.issue} role="alert">
          {step.failure}
        </p>
      ) : null}
      <PaymentSplitNote terms={payment} total={amount} currency={price.currency} />
      <div className={styles.bar}>
        <p className={styles.total}>
          <span>{tPrivate('perGroup')}</span>
          <strong>{formatMoney(amount, price.currency, locale)}</strong>
        </p>
        <button
          ref={button}
          type="button"
          aria-haspopup={user ? 'dialog' : undefined}
          className={`${buttonClass('primary')} ${styles.action}`}
          onClick={request}
          disabled={!startsAt || tooMany}
        >
          {user ? tPrivate('propose') : t('signInToBook')}
        </button>
      </div>
      <p className={styles.note}>{tPrivate('howItWorks', { hours: idea.attributes.response_hours })}</p>
      {idea.attributes.cancellation_policy ? (
        <CancellationTerms
          policy={idea.attributes.cancellation_policy}
          startsAt={startsAt ?? undefined}
          className={styles.terms}
        />
      ) : null}
      {step.confirmation(
        startsAt && day && time
          ? {
              idea,
              date: { id: null, startsAt },
              slot: { day, time },
              adults,
              children,
              total: amount,
              currency: price.currency,
            }
          : null,
        payment,
        button,
      )}
    </section>
  );
}
