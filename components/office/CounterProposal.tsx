'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { FieldFrame, TextField } from '@/components/forms/Field';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import type { BookingResource } from '@/lib/api/bookings';
import { notify } from '@/lib/browser/notify';
import { apiProblem } from '@/lib/forms/api-problem';
import type { AppLocale } from '@/lib/i18n/locales';
import { localDay } from '@/lib/time/local-time';

/**
 * The guide's answer to a private trip's time with another one: a day, then one of its free start times
 * (Vladivostok time: GET /bookings/{hid}/availability, where other bookings' times are taken but this one's own is
 * not), sent as POST /bookings/{hid}/counter-propose; the traveller accepts it or not.
 */
export function CounterProposal({
  booking,
  locale,
  titleId,
  onDone,
}: {
  booking: BookingResource;
  locale: AppLocale;
  titleId: string;
  onDone: () => void;
}) {
  const t = useTranslations('office.requests.counter');
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState('');
  const [times, setTimes] = useState<string[] | null>(null);
  const [time, setTime] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!day) return;
    let current = true;
    import('@/lib/api/bookings')
      .then(({ fetchCounterTimes }) => fetchCounterTimes(booking.hid, day, locale))
      .then(
        (free) => current && setTimes(free),
        () => current && setTimes([]),
      );
    return () => {
      current = false;
    };
  }, [day, booking.hid, locale]);

  const send = async () => {
    if (!day || !time) return setError(t('required'));
    setError(undefined);
    setBusy(true);
    try {
      const { counterPropose } = await import('@/lib/api/bookings');
      await counterPropose(booking.hid, { day, time }, locale);
      notify('success', t('sent'));
      setOpen(false);
    } catch (failure) {
      notify('error', t('failed'), { description: apiProblem(failure).detail ?? undefined });
    } finally {
      setBusy(false);
      onDone();
    }
  };

  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary')}
        aria-describedby={titleId}
        onClick={() => setOpen(true)}
      >
        {t('open')}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('title')}
        confirmLabel={t('send')}
        cancelLabel={t('keep')}
        busy={busy}
        onConfirm={() => void send()}
        description={<p>{t('lead')}</p>}
      >
        <TextField
          label={t('day')}
          type="date"
          min={localDay(new Date())}
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
            setTimes(null);
            setTime('');
          }}
        />
        <FieldFrame label={t('time')} error={error} hint={day && times?.length === 0 ? t('noTimes') : t('zone')}>
          {(control) => (
            <select {...control} value={time} disabled={!times?.length} onChange={(e) => setTime(e.target.value)}>
              <option value="">{t('choose')}</option>
              {(times ?? []).map((free) => (
                <option key={free} value={free}>
                  {free}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      </ConfirmDialog>
    </>
  );
}
