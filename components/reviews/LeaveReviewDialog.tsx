'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { TextAreaField } from '@/components/forms/Field';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { notify } from '@/lib/browser/notify';
import type { ReviewResource } from '@/lib/contract/reviews';
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '@/lib/contract/review-rules';
import { apiProblem } from '@/lib/forms/api-problem';
import styles from './Reviews.module.css';

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * "Leave a review" for an ended trip: a rating (five radio buttons — Tab reaches the group, arrows choose) and a
 * text, sent to POST /ideas/{hid}/reviews.
 */
export function LeaveReviewDialog({
  open,
  onOpenChange,
  ideaHid,
  ideaTitle,
  bookingHid,
  onReviewed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ideaHid: string;
  ideaTitle: string;
  bookingHid: string;
  onReviewed: (review: ReviewResource) => void;
}) {
  const t = useTranslations('reviews');
  const locale = useLocale();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const value = text.trim();
    const found = {
      rating: rating === null ? t('chooseRating') : undefined,
      text:
        value.length < REVIEW_TEXT_MIN
          ? t('textTooShort')
          : value.length > REVIEW_TEXT_MAX
            ? t('textTooLong')
            : undefined,
    };
    setErrors(found);
    if (found.rating || found.text) return;
    setBusy(true);
    try {
      const { createReview } = await import('@/lib/api/reviews');
      const review = await createReview(ideaHid, { booking_hid: bookingHid, rating: rating!, text: value }, locale);
      notify('success', t('sent'));
      onReviewed(review);
      onOpenChange(false);
    } catch (error) {
      notify('error', t('failed'), { description: apiProblem(error).detail });
    } finally {
      setBusy(false);
    }
  };

  const ratingError = errors.rating ? `rating-error-${bookingHid}` : undefined;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('dialogTitle', { title: ideaTitle })}
      description={<p>{t('dialogLead')}</p>}
      confirmLabel={busy ? t('sending') : t('send')}
      cancelLabel={t('cancel')}
      busy={busy}
      onConfirm={() => void submit()}
    >
      <fieldset className={styles.ratingGroup} aria-describedby={ratingError}>
        <legend>{t('ratingLegend')}</legend>
        <div className={styles.ratingOptions}>
          {RATINGS.map((value) => (
            <label key={value} className={styles.ratingOption}>
              <input
                type="radio"
                name={`rating-${bookingHid}`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                aria-label={t(`rating${value}`)}
              />
              <span className={styles.ratingStar} data-on={rating !== null && value <= rating} aria-hidden="true">
                ★
              </span>
            </label>
          ))}
        </div>
        <p className={styles.ratingChoice} aria-hidden="true">
          {rating !== null ? t(`rating${rating as 1 | 2 | 3 | 4 | 5}`) : '\u00a0'}
        </p>
        {errors.rating ? (
          <p id={ratingError} className={styles.ratingError}>
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label={t('textLabel')}
        hint={t('textHint')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={errors.text}
        rows={5}
        maxLength={REVIEW_TEXT_MAX}
        aria-required="true"
      />
    </ConfirmDialog>
  );
}
