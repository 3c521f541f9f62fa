'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { FormError, NewPasswordFields, fieldStyles, SubmitButton } from '@/components/forms/Field';
import { useFormMessages } from '@/components/forms/useFormMessages';
import { useFormState } from '@/components/forms/useFormState';
import { apiProblem, isCommonPasswordProblem, resetTokenProblem } from '@/lib/forms/api-problem';
import { validatePasswordChange } from '@/lib/forms/rules';
import styles from './Recovery.module.css';

type TokenProblem = 'tokenMissing' | 'tokenInvalid' | 'tokenExpired' | 'tokenUsed';

/** A link that cannot be used, said plainly, with the way to a new one. */
function LinkProblem({ problem }: { problem: TokenProblem }) {
  const t = useTranslations('recovery');
  return (
    <div className={styles.notice} role="alert">
      <p>{t(problem)}</p>
      <AppLink href="/login/forgot" className={buttonClass('primary')}>
        {t('requestNew')}
      </AppLink>
    </div>
  );
}

/** The new password twice, with the token of the email's link; afterwards the way to sign in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('recovery');
  const authForms = useTranslations('authForms');
  const messages = useFormMessages();
  const [done, setDone] = useState(false);
  const [tokenProblem, setTokenProblem] = useState<TokenProblem | null>(token ? null : 'tokenMissing');
  const { values, setErrors, formError, setFormError, pending, bind, submitWith } = useFormState({
    password: '',
    passwordConfirm: '',
  });

  const submit = submitWith(
    () => messages.fields(validatePasswordChange({ ...values, oldPassword: '' }, { hasPassword: false })),
    async () => {
      const { resetPassword } = await import('@/lib/api/auth');
      await resetPassword({ token, ...values });
      setDone(true);
    },
    (error) => {
      const problem = apiProblem(error);
      const linkProblem = resetTokenProblem(problem);
      if (linkProblem) setTokenProblem(linkProblem);
      else if (problem.status === 422 && Object.keys(problem.errors).length)
        setErrors({
          password: isCommonPasswordProblem(problem) ? messages.field('passwordCommon') : problem.errors.password?.[0],
          passwordConfirm: problem.errors.passwordConfirm ? messages.field('mismatch') : undefined,
        });
      else setFormError(messages.problem(problem));
    },
  );

  if (tokenProblem) return <LinkProblem problem={tokenProblem} />;
  if (done)
    return (
      <div className={styles.notice} role="status">
        <p>{t('done')}</p>
        <AppLink href="/login/email" className={buttonClass('primary')}>
          {t('toLogin')}
        </AppLink>
      </div>
    );

  return (
    <form className={fieldStyles.form} onSubmit={submit} noValidate>
      <FormError message={formError} />
      <NewPasswordFields
        labels={{ password: authForms('password'), passwordConfirm: authForms('passwordConfirm') }}
        bind={bind}
      />
      <SubmitButton pending={pending} label={t('save')} pendingLabel={t('saving')} />
    </form>
  );
}
