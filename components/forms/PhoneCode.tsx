'use client';

import type { FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button';
import { formatCountdown } from '@/lib/forms/countdown';
import { FormError, PhoneField, SubmitButton, TextField, fieldStyles } from './Field';

/** The first step of a phone code: the number, sent for a code by SMS (signing in, the account's number). */
export function PhoneNumberForm({
  label,
  hint,
  value,
  onChange,
  error,
  formError,
  pending,
  submitLabel,
  onSubmit,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  formError: string | null;
  pending: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
}) {
  const t = useTranslations('authForms');
  return (
    <form className={fieldStyles.form} onSubmit={onSubmit} noValidate>
      <FormError message={formError} />
      <PhoneField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        hint={hint}
      />
      <SubmitButton pending={pending} label={submitLabel} pendingLabel={t('sendingCode')} />
    </form>
  );
}

/** The 6-digit code from the SMS: digits only, filled in by the phone's one-time-code autofill. */
export function CodeField({
  value,
  onChange,
  error,
  hint,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint: string;
  disabled?: boolean;
}) {
  const t = useTranslations('authForms');
  return (
    <TextField
      label={t('code')}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      error={error}
      hint={hint}
      required
      disabled={disabled}
    />
  );
}

/** Under the code: send it again (once the wait is over), or go back and type another number. */
export function CodeResendActions({
  resendIn,
  pending,
  primary,
  label,
  onResend,
  onOtherPhone,
}: {
  /** Seconds until another code may be sent. */
  resendIn: number;
  pending: boolean;
  /** The main action of the step, when no code can be entered any more. */
  primary: boolean;
  label: string;
  onResend: () => void;
  onOtherPhone: () => void;
}) {
  const t = useTranslations('authForms');
  return (
    <>
      <button
        type="button"
        className={buttonClass(primary ? 'primary' : 'secondary')}
        disabled={pending || resendIn > 0}
        onClick={onResend}
      >
        {resendIn > 0 ? t('resendIn', { time: formatCountdown(resendIn) }) : label}
      </button>
      <button type="button" className={buttonClass('ghost')} onClick={onOtherPhone}>
        {t('otherPhone')}
      </button>
    </>
  );
}
