'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { TextAreaField } from '@/components/forms/Field';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { buttonClass } from '@/components/ui/button';
import { notify } from '@/lib/browser/notify';
import type { ReviewResource } from '@/lib/contract/reviews';
import { HIDE_REASON_MAX, REPLY_TEXT_MAX } from '@/lib/contract/review-rules';
import { hideReview, replyToReview } from '@/lib/api/reviews';
import styles from './Reviews.module.css';

/** Under a review on the idea page: "Reply" for the idea's author (once), "Hide" with a reason for moderators. */
export function ReviewActions({
  review,
  canReply,
  canHide,
  onChanged,
}: {
  review: ReviewResource;
  canReply: boolean;
  canHide: boolean;
  onChanged: (review: ReviewResource) => void;
}) {
  const t = useTranslations('reviews');
  const [open, setOpen] = useState<'reply' | 'hide' | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!canReply && !canHide) return null;

  const submit = async () => {
    const value = text.trim();
    if (value.length < (open === 'hide' ? 3 : 2)) {
      setError(t('textTooShort'));
      return;
    }
    setBusy(true);
    try {
      const changed = open === 'hide' ? await hideReview(review.hid, value) : await replyToReview(review.hid, value);
      notify('success', open === 'hide' ? t('hidden') : t('replied'));
      setOpen(null);
      setText('');
      onChanged(changed);
    } catch {
      setError(open === 'hide' ? t('hideFailed') : t('replyFailed'));
    } finally {
      setBusy(false);
    }
  };

  const start = (what: 'reply' | 'hide') => {
    setError(null);
    setText('');
    setOpen(what);
  };

  return (
    <div className={styles.actions}>
      {canReply ? (
        <button type="button" className={buttonClass('secondary')} onClick={() => start('reply')}>
          {t('replyAction')}
        </button>
      ) : null}
      {canHide ? (
        <button type="button" className={buttonClass('secondary')} onClick={() => start('hide')}>
          {t('hideAction')}
        </button>
      ) : null}
      <ConfirmDialog
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title={open === 'hide' ? t('hideSend') : t('replyAction')}
        confirmLabel={open === 'hide' ? t('hideSend') : t('replySend')}
        cancelLabel={t('cancel')}
        busy={busy}
        danger={open === 'hide'}
        onConfirm={() => void submit()}
      >
        <TextAreaField
          label={open === 'hide' ? t('hideReason') : t('replyLabel')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error ?? undefined}
          rows={4}
          maxLength={open === 'hide' ? HIDE_REASON_MAX : REPLY_TEXT_MAX}
          aria-required="true"
        />
      </ConfirmDialog>
    </div>
  );
}
