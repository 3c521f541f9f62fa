'use client';

import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { TextField, fieldStyles } from '@/components/forms/Field';
import { buttonClass } from '@/components/ui/button';
import type { ScheduleBody, ScheduleResponse } from '@/lib/contract/departures';
import { notify } from '@/lib/browser/notify';
import { apiProblem } from '@/lib/forms/api-problem';
import { formatDay } from '@/lib/format/dates';
import type { AppLocale } from '@/lib/i18n/locales';
import { minDay } from '@/lib/office/editor';
import { EditorCard } from './parts';
import styles from '../departures/Departures.module.css';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * A repeating schedule (weekdays × start times × a period): previewed first, then created at once on the server
 * (POST /ideas/{hid}/departures/schedule). Its own form beside the editor's: it saves departures, not the idea.
 */
export function ScheduleSection({ hid, onCreated }: { hid: string; onCreated: () => Promise<void> }) {
  const t = useTranslations('departures.schedule');
  const locale = useLocale() as AppLocale;
  const [weekdays, setWeekdays] = useState<number[]>([6]);
  const [times, setTimes] = useState('10:00');
  const [from, setFrom] = useState(minDay());
  const [to, setTo] = useState('');
  const [seats, setSeats] = useState('10');
  const [preview, setPreview] = useState<ScheduleResponse | null>(null);
  const [error, setError] = useState<string>();

  const body = (): ScheduleBody => ({
    weekdays,
    times: times
      .split(/[,;\s]+/)
      .map((time) => time.trim())
      .filter(Boolean)
      .map((time) => (/^\d:\d\d$/.test(time) ? `0${time}` : time)),
    from,
    to: to || from,
    seats: Number(seats),
    preview: false,
  });
  const run = useMutation({
    mutationFn: async (previewOnly: boolean) =>
      (await import('@/lib/api/departures')).scheduleDepartures(hid, { ...body(), preview: previewOnly }),
    onSuccess: async (result, previewOnly) => {
      setError(undefined);
      if (previewOnly) return setPreview(result);
      setPreview(null);
      notify('success', t('created', { count: result.departures.length }));
      await onCreated();
    },
    onError: (failure) => {
      const problem = apiProblem(failure);
      setPreview(null);
      const first = Object.values(problem.errors)[0]?.[0];
      setError(first && /366/.test(first) ? t('tooMany') : (first ?? problem.detail ?? t('failed')));
    },
  });
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPreview(null);
    };

  return (
    <EditorCard id="editor-schedule" title={t('title')}>
      <p className={fieldStyles.hint}>{t('lead')}</p>
      <form
        className={styles.schedule}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          run.mutate(preview === null);
        }}
      >
        <fieldset className={styles.weekdays}>
          <legend>{t('weekdays')}</legend>
          {WEEKDAYS.map((day) => (
            <label key={day} className={styles.weekday}>
              <input
                type="checkbox"
                checked={weekdays.includes(day)}
                onChange={(event) =>
                  change(setWeekdays)(
                    event.target.checked ? [...weekdays, day].sort() : weekdays.filter((d) => d !== day),
                  )
                }
              />
              {t(`weekday.${day}`)}
            </label>
          ))}
        </fieldset>
        <div className={styles.scheduleFields}>
          <TextField
            label={t('times')}
            hint={t('timesHint')}
            value={times}
            onChange={(e) => change(setTimes)(e.target.value)}
          />
          <TextField
            label={t('from')}
            type="date"
            min={minDay()}
            value={from}
            onChange={(e) => change(setFrom)(e.target.value)}
          />
          <TextField
            label={t('to')}
            type="date"
            min={from}
            value={to}
            onChange={(e) => change(setTo)(e.target.value)}
          />
          <TextField
            label={t('seats')}
            inputMode="numeric"
            value={seats}
            onChange={(e) => change(setSeats)(e.target.value)}
          />
        </div>
        {error ? (
          <p className={fieldStyles.error} role="alert">
            {error}
          </p>
        ) : null}
        {preview ? (
          <>
            <p role="status">{t('previewCount', { count: preview.departures.length, skipped: preview.skipped })}</p>
            {preview.departures.length ? (
              <ul className={styles.preview}>
                {preview.departures.map((d) => (
                  <li key={d.starts_at}>
                    {formatDay(d.day, locale)}, {d.time}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
        <button
          type="submit"
          className={buttonClass(preview ? 'primary' : 'secondary', { block: true })}
          disabled={run.isPending || (preview !== null && preview.departures.length === 0)}
          aria-busy={run.isPending}
        >
          {preview === null
            ? run.isPending
              ? t('previewing')
              : t('preview')
            : run.isPending
              ? t('creating')
              : t('create', { count: preview.departures.length })}
        </button>
      </form>
    </EditorCard>
  );
}
