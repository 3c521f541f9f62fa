'use client';

import { useTranslations } from 'next-intl';
import { FormError, NewPasswordFields, PasswordField, fieldStyles, SubmitButton } from '@/components/forms/Field';
import { useFormMessages } from '@/components/forms/useFormMessages';
import { useFormState } from '@/components/forms/useFormState';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { apiProblem, isCommonPasswordProblem } from '@/lib/forms/api-problem';
import { validatePasswordChange } from '@/lib/forms/rules';
import { notify } from '@/lib/browser/notify';
import { useSignedInUser } from './RequireSession';

const EMPTY = { oldPassword: '', password: '', passwordConfirm: '' };

/** The current password, the new one twice; the checks mirror the API's before anything is sent. */
export function PasswordForm() {
  const t = useTranslations('account.password');
  const messages = useFormMessages();
  const user = useSignedInUser();
  const updateUser = useAppStore((s) => s.updateUser);
  const hasPassword = user.attributes.has_password !== false;
  const { values, setValues, setErrors, formError, setFormError, pending, bind, submitWith } = useFormState(EMPTY);

  const submit = submitWith(
    () => messages.fields(validatePasswordChange(values, { hasPassword })),
    async () => {
      const { changePassword } = await import('@/lib/api/account');
      await changePassword(
        user.hid,
        hasPassword ? values : { password: values.password, passwordConfirm: values.passwordConfirm },
      );
      setValues(EMPTY);
      if (!hasPassword) updateUser({ has_password: true });
      notify('success', t('changed'));
    },
    (error) => {
      const problem = apiProblem(error);
      if (problem.status === 422 && Object.keys(problem.errors).length) {
        setErrors({
          oldPassword: problem.errors.oldPassword ? t('wrongOld') : undefined,
          password: isCommonPasswordProblem(problem) ? messages.field('passwordCommon') : problem.errors.password?.[0],
          passwordConfirm: problem.errors.passwordConfirm ? messages.field('mismatch') : undefined,
        });
      } else setFormError(messages.problem(problem));
    },
  );

  return (
    <form className={fieldStyles.form} onSubmit={submit} noValidate>
      <FormError message={formError} />
      {/* Password managers pair the new password with the account. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={user.attributes.email ?? user.attributes.phone ?? ''}
        readOnly
        hidden
      />
      {hasPassword ? <PasswordField label={t('old')} name="oldPassword" {...bind('oldPassword')} /> : null}
      <NewPasswordFields labels={{ password: t('new'), passwordConfirm: t('confirm') }} bind={bind} />
      <SubmitButton pending={pending} label={t('save')} pendingLabel={t('saving')} />
    </form>
  );
}
