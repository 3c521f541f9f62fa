'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button';
import { FormError, fieldStyles } from '@/components/forms/Field';
import { CodeField, CodeResendActions, PhoneNumberForm } from '@/components/forms/PhoneCode';
import { useFormMessages } from '@/components/forms/useFormMessages';
import { useNow } from '@/components/forms/useNow';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { apiProblem } from '@/lib/forms/api-problem';
import { formatCountdown, secondsUntil } from '@/lib/forms/countdown';
import { codeError, normalizePhone, phoneError } from '@/lib/forms/rules';
import { useCompleteSignIn } from './useCompleteSignIn';

/** Phone → a 6-digit code by SMS → signed in. A reload keeps the code step (the API remembers it by cookie). */
export function PhoneLoginForm({ next }: { next: string }) {
  const t = useTranslations('authForms');
  const locale = useLocale();
  const messages = useFormMessages();
  const completeSignIn = useCompleteSignIn(next);
  const verification = useAppStore((s) => s.phoneVerification);
  const setVerification = useAppStore((s) => s.setPhoneVerification);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (verification) return;
    let cancelled = false;
    import('@/lib/api/auth')
      .then(({ currentPhoneVerification }) => currentPhoneVerification())
      .then((current) => {
        if (!cancelled && current && secondsUntil(current.expires_at) > 0) setVerification(current);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // Only on arrival: a verification started in an earlier visit of this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const now = useNow(verification !== null);
  const resendIn = verification ? secondsUntil(verification.resend_after, now) : 0;
  const expiresIn = verification ? secondsUntil(verification.expires_at, now) : 0;

  const sendCode = async (to: string) => {
    setFormError(null);
    setPending(true);
    try {
      const { requestPhoneCode } = await import('@/lib/api/auth');
      setVerification(await requestPhoneCode(to, locale));
      setCode('');
    } catch (error) {
      const problem = apiProblem(error);
      if (problem.status === 422 && problem.errors.phone) setFieldError(messages.field('phone'));
      else setFormError(messages.problem(problem));
    } finally {
      setPending(false);
    }
  };

  const submitPhone = async (event: FormEvent) => {
    event.preventDefault();
    const error = phoneError(phone);
    setFieldError(messages.field(error));
    if (!error) await sendCode(normalizePhone(phone));
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!verification) return;
    const error = codeError(code);
    setFieldError(messages.field(error));
    setFormError(null);
    if (error) return;
    setPending(true);
    try {
      const { checkPhoneCode } = await import('@/lib/api/auth');
      const token = await checkPhoneCode(verification.id, code.trim());
      if (await completeSignIn(token)) setVerification(null);
      else setFormError(messages.problem({ status: 500, errors: {} }));
    } catch (error) {
      const problem = apiProblem(error);
      if (problem.status === 422 && (problem.errors.code || problem.errors.id)) {
        const left = Math.max(0, verification.attempts_left - 1);
        setVerification({ ...verification, attempts_left: problem.errors.id ? 0 : left });
        setFieldError(problem.errors.id || left === 0 ? t('codeSpent') : t('wrongCode', { count: left }));
      } else {
        setFormError(messages.problem(problem));
      }
    } finally {
      setPending(false);
    }
  };

  if (!verification) {
    return (
      <PhoneNumberForm
        label={t('phone')}
        hint={t('phoneHint')}
        value={phone}
        onChange={setPhone}
        error={fieldError}
        formError={formError}
        pending={pending}
        submitLabel={t('sendCode')}
        onSubmit={submitPhone}
      />
    );
  }

  const spent = verification.attempts_left === 0 || expiresIn === 0;
  return (
    <form className={fieldStyles.form} onSubmit={submitCode} noValidate>
      <p>{t('codeSent', { phone: verification.phone })}</p>
      <FormError message={formError} />
      <CodeField
        value={code}
        onChange={setCode}
        error={fieldError}
        hint={
          spent
            ? t('codeExpired')
            : t('codeExpiresIn', { time: formatCountdown(expiresIn), count: verification.attempts_left })
        }
        disabled={spent}
      />
      <button type="submit" className={`${buttonClass('primary')} ${fieldStyles.submit}`} disabled={pending || spent}>
        {pending ? t('checkingCode') : t('checkCode')}
      </button>
      <CodeResendActions
        resendIn={resendIn}
        pending={pending}
        primary={false}
        label={t('resend')}
        onResend={() => void sendCode(verification.phone)}
        onOtherPhone={() => {
          setVerification(null);
          setFieldError(undefined);
          setFormError(null);
        }}
      />
    </form>
  );
}
