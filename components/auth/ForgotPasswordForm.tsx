'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button';
import { EmailField, FormError, fieldStyles, SubmitButton } from '@/components/forms/Field';
import { useFormMessages } from '@/components/forms/useFormMessages';
import { useFormState } from '@/components/forms/useFormState';
import { apiProblem } from '@/lib/forms/api-problem';
import { emailError } from '@/lib/forms/rules';
import styles from './Recovery.module.css';

/**
 * The email to send a reset link to. The answer never says whether the address has an account: the page says
 * the same either way.
 */
export function ForgotPasswordForm() {
  const t = useTranslations('recovery');
  const authForms = useTranslations('authForms');
  const locale = useLocale();
  const messages = useFormMessages();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { values, setErrors, formError, setFormError, pending, bind, submitWith } = useFormState({
    email: '',
  });

  const submit = submitWith(
    () => messages.fields(emailError(values.email) ? { email: emailError(values.email) } : {}),
    async () => {
      const { forgotPassword } = await import('@/lib/api/auth');
      const email = values.email.trim();
      await forgotPassword(email, locale);
      setSentTo(email);
    },
    (error) => {
      const problem = apiProblem(error);
      if (problem.status === 422 && problem.errors.email) setErrors({ email: messages.field('email') });
      else setFormError(messages.problem(problem));
    },
  );

  if (sentTo !== null)
    return (
      <div className={styles.notice} role="status">
        <h2 className={styles.noticeTitle}>{t('sentTitle')}</h2>
        <p>{t('sent', { email: sentTo })}</p>
        <button type="button" className={buttonClass('secondary')} onClick={() => setSentTo(null)}>
          {t('tryAgain')}
        </button>
      </div>
    );

  return (
    <form className={fieldStyles.form} onSubmit={submit} noValidate>
      <FormError message={formError} />
      <EmailField label={authForms('email')} {...bind('email')} required />
      <SubmitButton pending={pending} label={t('send')} pendingLabel={t('sending')} />
    </form>
  );
}
