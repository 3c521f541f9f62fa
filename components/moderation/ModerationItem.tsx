'use client';

import { useState } from 'react';
import Image from 'next/image';
import { useLocale, useTranslations } from 'next-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TextAreaField } from '@/components/forms/Field';
import { useFormMessages } from '@/components/forms/useFormMessages';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { queryKeys } from '@/lib/contract/query-keys';
import type { IdeaResource } from '@/lib/contract/ideas';
import { apiProblem } from '@/lib/forms/api-problem';
import { formatDeparture } from '@/lib/format/dates';
import { formatMoney } from '@/lib/format/money';
import type { AppLocale } from '@/lib/i18n/locales';
import { notify } from '@/lib/browser/notify';
import { ModerationPreview } from './ModerationPreview';
import styles from './Moderation.module.css';

const REASON_MIN = 3;
const REASON_MAX = 1000;

/** One idea in the queue: what it is, a preview on demand, approve, or refuse with a reason. */
export function ModerationItem({ idea }: { idea: IdeaResource }) {
  const t = useTranslations('moderation');
  const { problem: problemMessage } = useFormMessages();
  const locale = useLocale() as AppLocale;
  const queryClient = useQueryClient();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const { attributes: a, relationships: r } = idea;
  const price = r.ideaPrice?.data ?? r.price?.data;
  const dates = r.futureDates?.data ?? [];
  const previewId = `review-${idea.hid}`;

  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.moderationQueue(locale) });
    // The public listings and the idea page may now show (or keep hiding) it.
    await queryClient.invalidateQueries({ queryKey: ['ideas'] });
    queryClient.removeQueries({ queryKey: ['idea'] });
  };

  const approve = useMutation({
    mutationFn: async () => (await import('@/lib/api/moderation')).approveIdea(idea.hid),
    onSuccess: async () => {
      notify('success', t('approved', { title: a.title }));
      await done();
    },
    onError: (error) => notify('error', t('actionFailed'), { description: problemMessage(apiProblem(error)) }),
  });

  const refuse = useMutation({
    mutationFn: async (text: string) => (await import('@/lib/api/moderation')).refuseIdea(idea.hid, text),
    onSuccess: async () => {
      setRefusing(false);
      notify('success', t('refused', { title: a.title }));
      await done();
    },
    onError: (error) => {
      const problem = apiProblem(error);
      if (problem.errors.reason) setReasonError(t('reasonRequired', { min: REASON_MIN }));
      else notify('error', t('actionFailed'), { description: problemMessage(problem) });
    },
  });

  const confirmRefusal = () => {
    const text = reason.trim();
    if (text.length < REASON_MIN) {
      setReasonError(t('reasonRequired', { min: REASON_MIN }));
      return;
    }
    setReasonError(undefined);
    refuse.mutate(text);
  };

  const busy = approve.isPending || refuse.isPending;

  return (
    <article className={styles.item} aria-labelledby={`${previewId}-title`}>
      <div className={styles.summary}>
        {a.cover_url ? (
          <Image src={a.cover_url} alt="" width={160} height={120} sizes="160px" className={styles.cover} />
        ) : (
          <div className={styles.noCover}>{t('noPhotos')}</div>
        )}
        <div className={styles.facts}>
          <h3 id={`${previewId}-title`} className={styles.title}>
            {a.title || t('untitled')}
          </h3>
          <p className={styles.meta}>
            {[r.category?.data.title, a.place_title, r.author?.data.attributes.name].filter(Boolean).join(' · ')}
          </p>
          <p className={styles.meta}>
            {price?.amount != null
              ? t('price', { price: formatMoney(price.amount, price.currency, locale) })
              : t('noPrice')}
            {' · '}
            {dates.length > 0
              ? t('dates', { count: dates.length, first: formatDeparture(dates[0].attributes.starts_at, locale) })
              : t('noDates')}
          </p>
        </div>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttonClass('ghost')}
          aria-expanded={previewOpen}
          aria-controls={previewId}
          onClick={() => setPreviewOpen(!previewOpen)}
        >
          {previewOpen ? t('hidePreview') : t('preview')}
        </button>
        <button type="button" className={buttonClass('secondary')} disabled={busy} onClick={() => setRefusing(true)}>
          {t('refuse')}
        </button>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={busy}
          aria-busy={approve.isPending}
          onClick={() => approve.mutate()}
        >
          {t('approve')}
        </button>
      </div>
      {previewOpen ? <ModerationPreview id={previewId} hid={idea.hid} /> : null}
      <ConfirmDialog
        open={refusing}
        onOpenChange={setRefusing}
        title={t('refuseTitle', { title: a.title || t('untitled') })}
        description={t('refuseLead')}
        confirmLabel={t('refuseConfirm')}
        cancelLabel={t('cancel')}
        busy={refuse.isPending}
        onConfirm={confirmRefusal}
      >
        <TextAreaField
          label={t('reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={reasonError}
          rows={4}
          maxLength={REASON_MAX}
          aria-required="true"
        />
      </ConfirmDialog>
    </article>
  );
}
