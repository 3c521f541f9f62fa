'use client';

import { useLocale, useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { EmailField, FormError, PasswordField, fieldStyles, SubmitButton } from '@/components/forms/Field';
import { useFormMessages } from '@/components/forms/useFormMessages';
import { useFormState } from '@/components/forms/useFormState';
import { apiProblem } from '@/lib/forms/api-problem';
import { validateLogin } from '@/lib/forms/rules';
import { useCompleteSignIn } from './useCompleteSignIn';

/** Email and password; a wrong pair is one message for the form, never a hint which of the two was wrong. */
export function EmailLoginForm({ next }: { next: string }) {
  const t = useTranslations('authForms');
  const recovery = useTranslations('recovery');
  const locale = useLocale();
  const messages = useFormMessages();
  const completeSignIn = useCompleteSignIn(next);
  const { values, formError, setFormError, pending, bind, submitWith } = useFormState({
    email: '',
    password: '',
  });

  const submit = submitWith(
    () => messages.fields(validateLogin(values)),
    async () => {
      const { login } = await import('@/lib/api/auth');
      const token = await login({ email: values.email.trim(), password: values.password }, locale);
      if (!(await completeSignIn(token))) setFormError(messages.problem({ status: 500, errors: {} }));
    },
    (error) => {
      const problem = apiProblem(error);
      setFormError(problem.status === 422 ? t('wrongCredentials') : messages.problem(problem));
    },
  );

  return (
    <form className={fieldStyles.form} onSubmit={submit} noValidate>
      <FormError message={formError} />
      <EmailField label={t('email')} {...bind('email')} required />
      <PasswordField
        label={t('password')}
        name="password"
        {...bind('password')}
        hint={<AppLink href="/login/forgot">{recovery('forgotLink')}</AppLink>}
      />
      <SubmitButton pending={pending} label={t('signIn')} pendingLabel={t('signingIn')} />
    </form>
  );
}
