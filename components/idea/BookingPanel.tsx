'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { buttonClass } from '@/components/ui/button';
import { ideaQuery } from '@/lib/api/queries';
import { bookingIssue, bookingTotal, guestLimits, type BookingTerms } from '@/lib/booking';
import { formatDeparture } from '@/lib/format/dates';
import { formatMoney } from '@/lib/format/money';
import { loginHref } from '@/lib/auth/gate';
import { localizePath, type AppLocale } from '@/lib/i18n/locales';
import { useRouter } from '@/lib/i18n/navigation';
import styles from './BookingPanel.module.css';

function Counter({ label, value, min, max, onChange }: { label: string; value: number; min: number; max: number; onChange: (value: number) => void }) {
  const t = useTranslations('filters');
  return (
    <div className={styles.counter} role="group" aria-label={label}>
      <span>{label}</span>
      <button type="button" onClick={() => onChange(value - 1)} disabled={value <= min} aria-label={t('decrease', { name: label })}>
        −
      </button>
      <output aria-live="polite">{value}</output>
      <button type="button" onClick={() => onChange(value + 1)} disabled={value >= max} aria-label={t('increase', { name: label })}>
        +
      </button>
    </div>
  );
}

/** Reads a choice carried through sign-in (`?date=&adults=&children=`), once, in the browser. */
function useCarriedChoice(apply: (choice: { date?: number; adults?: number; children?: number }) => void) {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const number = (key: string) => (params.has(key) && /^\d{1,6}$/.test(params.get(key)!) ? Number(params.get(key)) : undefined);
    if (params.has('date')) apply({ date: number('date'), adults: number('adults'), children: number('children') });
    // Only the first render's URL matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * The booking panel: a departure, adults and children, and the total. Anonymous visitors sign in first and
 * come back to the same idea with their choice; signed-in travellers book at once.
 */
export function BookingPanel({ ideaId }: { ideaId: string }) {
  const t = useTranslations('idea.booking');
  const locale = useLocale() as AppLocale;
  const router = useRouter();
  const user = useAppStore((s) => s.user);
  const token = useAppStore((s) => s.token);
  const { data } = useQuery(ideaQuery(locale, ideaId));
  const idea = data?.data;
  const dates = (idea?.relationships.futureDates?.data ?? []).filter((d) => d.attributes.seats_left > 0);
  const price = idea?.relationships.ideaPrice?.data ?? idea?.relationships.price?.data;
  const params = idea?.relationships.bookingParams?.data;
  const terms: BookingTerms = {
    price: price?.amount ?? null,
    childPrice: idea?.relationships.ideaPrice?.data.child_amount ?? null,
    minPersons: params?.min_persons ?? 1,
    maxPersons: params?.max_persons ?? 50,
    childrenAllowed: params?.children_allowed ?? true,
  };
  const [dateId, setDateId] = useState<number | null>(dates[0]?.id ?? null);
  const [adults, setAdults] = useState(Math.max(1, terms.minPersons));
  const [children, setChildren] = useState(0);
  const [busy, setBusy] = useState(false);
  useCarriedChoice((carried) => {
    if (carried.date && dates.some((d) => d.id === carried.date)) setDateId(carried.date);
    if (carried.adults) setAdults(carried.adults);
    if (carried.children !== undefined && terms.childrenAllowed) setChildren(carried.children);
  });

  if (!idea || !price) return null;
  const date = dates.find((d) => d.id === dateId) ?? null;
  const choice = date ? { adults, children, seatsLeft: date.attributes.seats_left } : null;
  const issue = bookingIssue(terms, choice);
  const limits = choice ? guestLimits(terms, choice) : { maxAdults: terms.maxPersons, maxChildren: terms.childrenAllowed ? terms.maxPersons : 0 };
  const total = bookingTotal(terms, adults, children);
  const money = (amount: number) => formatMoney(amount, price.currency, locale);
  const issueText: Record<string, string> = {
    noDate: t('noDates'),
    notEnoughSeats: t('notEnoughSeats', { count: date?.attributes.seats_left ?? 0 }),
    tooFew: t('groupLimits', { min: terms.minPersons, max: terms.maxPersons }),
    tooMany: t('groupLimits', { min: terms.minPersons, max: terms.maxPersons }),
    noChildren: t('noChildren'),
  };

  const book = async () => {
    if (issue || !date) return;
    const carried = `/go/${idea.hid}?date=${date.id}&adults=${adults}&children=${children}`;
    if (!user || !token) {
      router.push(loginHref(localizePath(locale, carried)));
      return;
    }
    setBusy(true);
    try {
      const { apiClient } = await import('@/lib/api/client');
      await apiClient.post(
        '/bookings',
        { idea_id: idea.hid, idea_date_id: date.id, adults, children, contact: { name: user.attributes.name } },
        { headers: { Authorization: `Bearer ${token}`, Locale: locale } },
      );
      notify('success', t('booked'));
      router.push('/account/booking');
    } catch (error) {
      const detail = (error as { response?: { data?: { detail?: string } } }).response?.data?.detail;
      notify('error', t('failed'), { description: detail });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="booking-title">
      <h2 id="booking-title" className={styles.title}>
        {t('title')}
      </h2>
      {dates.length === 0 ? (
        <p className={styles.note}>{t('noDates')}</p>
      ) : (
        <>
          <label className={styles.field}>
            <span>{t('date')}</span>
            <select value={dateId ?? ''} onChange={(event) => setDateId(Number(event.target.value))}>
              {dates.map((d) => (
                <option key={d.id} value={d.id}>
                  {formatDeparture(d.attributes.starts_at, locale, { withWeekday: true })}
                </option>
              ))}
            </select>
          </label>
          <Counter label={t('adults')} value={adults} min={1} max={limits.maxAdults} onChange={setAdults} />
          {terms.childrenAllowed ? <Counter label={t('children')} value={children} min={0} max={limits.maxChildren} onChange={setChildren} /> : null}
          {issue ? (
            <p className={styles.issue} role="status">
              {issueText[issue]}
            </p>
          ) : null}
        </>
      )}
      <div className={styles.bar}>
        <p className={styles.total}>
          <span>{t('total')}</span>
          <strong>{total !== null ? money(total) : '—'}</strong>
        </p>
        <button type="button" className={buttonClass('primary')} onClick={() => void book()} disabled={Boolean(issue) || busy}>
          {user ? t('book') : t('signInToBook')}
        </button>
      </div>
    </section>
  );
}
