'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button';
import { FormError, TextField, fieldStyles } from '@/components/forms/Field';
import { useFormMessages } from '@/components/forms/useFormMessages';
import { apiProblem } from '@/lib/forms/api-problem';
import { validateLogin, type FieldErrors } from '@/lib/forms/rules';
import { useCompleteSignIn } from './useCompleteSignIn';

type LoginField = 'email' | 'password';

/** Email and password; a wrong pair is one message for the form, never a hint which of the two was wrong. */
export function EmailLoginForm({ next }: { next: string }) {
  const t = useTranslations('authForms');
  const messages = useFormMessages();
  const completeSignIn = useCompleteSignIn(next);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const change = (field: LoginField) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const { login } = await import('@/lib/api/auth');
      const token = await login({ email: values.email.trim(), password: values.password });
      if (!(await completeSignIn(token))) setFormError(messages.problem({ status: 500, errors: {} }));
    } catch (error) {
      const problem = apiProblem(error);
      setFormError(problem.status === 422 ? t('wrongCredentials') : messages.problem(problem));
    } finally {
      setPending(false);
    }
  };

  const fieldErrors = messages.fields(errors);
  return (
    <form className={fieldStyles.form} onSubmit={submit} noValidate>
      <FormError message={formError} />
      <TextField
        label={t('email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={change('email')}
        error={fieldErrors.email}
        required
      />
      <TextField
        label={t('password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={change('password')}
        error={fieldErrors.password}
        required
      />
      <button type="submit" className={`${buttonClass('primary')} ${fieldStyles.submit}`} disabled={pending}>
        {pending ? t('signingIn') : t('signIn')}
      </button>
    </form>
  );
}
