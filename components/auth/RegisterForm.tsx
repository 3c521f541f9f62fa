'use client';

import { useLocale, useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import {
  EmailField,
  CheckboxField,
  FormError,
  NewPasswordFields,
  fieldStyles,
  SubmitButton,
  NameField,
} from '@/components/forms/Field';
import { useFormMessages } from '@/components/forms/useFormMessages';
import { useFormState } from '@/components/forms/useFormState';
import { apiProblem, isCommonPasswordProblem } from '@/lib/forms/api-problem';
import { validateRegistration } from '@/lib/forms/rules';
import { useCompleteSignIn } from './useCompleteSignIn';

type RegisterField = 'name' | 'email' | 'password' | 'passwordConfirm' | 'acceptPolicy';

/** Name, email, password twice and the policy; signed in at once on success. */
export function RegisterForm({ next }: { next: string }) {
  const t = useTranslations('authForms');
  const locale = useLocale();
  const messages = useFormMessages();
  const completeSignIn = useCompleteSignIn(next);
  const { values, setValues, errors, setErrors, formError, setFormError, pending, bind, submitWith } = useFormState<
    { name: string; email: string; password: string; passwordConfirm: string; acceptPolicy: boolean },
    RegisterField
  >({ name: '', email: '', password: '', passwordConfirm: '', acceptPolicy: false });

  const submit = submitWith(
    () => messages.fields(validateRegistration(values)),
    async () => {
      const { register } = await import('@/lib/api/auth');
      const token = await register({ ...values, name: values.name.trim(), email: values.email.trim() }, locale);
      if (!(await completeSignIn(token))) setFormError(messages.problem({ status: 500, errors: {} }));
    },
    (error) => {
      const problem = apiProblem(error);
      if (problem.status === 422 && problem.errors.email) setErrors({ email: t('emailTaken') });
      else if (isCommonPasswordProblem(problem)) setErrors({ password: messages.field('passwordCommon') });
      else setFormError(messages.problem(problem));
    },
  );

  return (
    <form className={fieldStyles.form} onSubmit={submit} noValidate>
      <FormError message={formError} />
      <NameField label={t('name')} {...bind('name')} />
      <EmailField label={t('email')} {...bind('email')} required />
      <NewPasswordFields labels={{ password: t('password'), passwordConfirm: t('passwordConfirm') }} bind={bind} />
      <CheckboxField
        label={t.rich('acceptPolicy', {
          link: (chunks) => <AppLink href="/info/confidential-policy">{chunks}</AppLink>,
        })}
        name="acceptPolicy"
        checked={values.acceptPolicy}
        onChange={(event) => setValues((v) => ({ ...v, acceptPolicy: event.target.checked }))}
        error={errors.acceptPolicy}
      />
      <SubmitButton pending={pending} label={t('register')} pendingLabel={t('registering')} />
    </form>
  );
}
