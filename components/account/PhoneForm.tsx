'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormError, fieldStyles, SubmitButton } from '@/components/forms/Field';
import { CodeField, CodeResendActions, PhoneNumberForm } from '@/components/forms/PhoneCode';
import { useFormMessages } from '@/components/forms/useFormMessages';
import { useNow } from '@/components/forms/useNow';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import type { AccountPhoneResource } from '@/lib/api/account';
import { queryKeys } from '@/lib/contract/query-keys';
import { accountPhoneQuery } from '@/lib/api/signed-in-queries';
import { apiProblem } from '@/lib/forms/api-problem';
import { formatCountdown, secondsUntil } from '@/lib/forms/countdown';
import { codeError, normalizePhone, phoneError } from '@/lib/forms/rules';
import { notify } from '@/lib/browser/notify';
import { ContactSection, refusedContact } from './ContactSection';
import { useSignedInUser } from './RequireSession';
import styles from './AccountPage.module.css';

/**
 * The account's phone number: a new one gets a code by SMS and becomes the account's (and signs in by SMS)
 * only once that code is entered here.
 */
export function PhoneForm() {
  const user = useSignedInUser();
  const query = useQuery(accountPhoneQuery(user.hid));
  return (
    <ContactSection kind="phone" query={query}>
      {(state) => <PhoneSteps userHid={user.hid} state={state} />}
    </ContactSection>
  );
}

function PhoneSteps({ userHid, state }: { userHid: string; state: AccountPhoneResource }) {
  const t = useTranslations('account.phone');
  const codeT = useTranslations('authForms');
  const messages = useFormMessages();
  const queryClient = useQueryClient();
  const updateSessionUser = useAppStore((s) => s.updateUser);
  // The code step shows while a number waits, unless the user chose to type another one.
  const [enteringNumber, setEnteringNumber] = useState(false);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const fieldsRef = useRef<HTMLDivElement>(null);

  const waiting = state.pending_phone !== null && !enteringNumber;
  const now = useNow(state.code !== null);
  const resendIn = state.code ? secondsUntil(state.code.resend_after, now) : 0;
  const expiresIn = state.code ? secondsUntil(state.code.expires_at, now) : 0;
  const codeLive = state.code !== null && expiresIn > 0 && state.code.attempts_left > 0;

  // Focus goes to the field the user needs next: the code once one is sent, a field whose error just appeared.
  const focusField = (name: 'phone' | 'code') =>
    fieldsRef.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();
  const step = waiting ? (codeLive ? 'code' : 'resend') : 'phone';
  const sentAt = state.code?.expires_at;
  useEffect(() => {
    if (step === 'code') fieldsRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  }, [step, sentAt]);

  const show = (next: AccountPhoneResource) => queryClient.setQueryData(queryKeys.accountPhone(userHid), next);

  const fail = (field: 'phone' | 'code', message: string) => {
    setFieldError(message);
    // Focus moves to the field, so that a screen reader reads it with its error.
    window.setTimeout(() => focusField(field));
  };

  const sendCode = async (to: string) => {
    setFormError(null);
    setFieldError(undefined);
    setPending(true);
    try {
      const { requestPhoneChange } = await import('@/lib/api/account');
      show(await requestPhoneChange(userHid, to));
      setEnteringNumber(false);
      setPhone('');
      setCode('');
    } catch (error) {
      const problem = apiProblem(error);
      const reason = problem.status === 422 ? problem.errors.phone?.[0] : undefined;
      if (reason) fail('phone', refusedContact(reason, t, messages.field('phone')!));
      else setFormError(messages.problem(problem));
    } finally {
      setPending(false);
    }
  };

  const submitPhone = async (event: FormEvent) => {
    event.preventDefault();
    const error = phoneError(phone);
    if (error) return fail('phone', messages.field(error)!);
    await sendCode(normalizePhone(phone));
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const error = codeError(code);
    setFormError(null);
    if (error) return fail('code', messages.field(error)!);
    setPending(true);
    try {
      const { confirmPhoneChange } = await import('@/lib/api/account');
      const confirmed = await confirmPhoneChange(userHid, code.trim());
      show(confirmed);
      updateSessionUser({ phone: confirmed.phone });
      setFieldError(undefined);
      setCode('');
      notify('success', t('confirmedNotice', { phone: confirmed.phone ?? '' }));
    } catch (error) {
      const problem = apiProblem(error);
      if (problem.status === 422 && problem.errors.phone) {
        fail('code', t('taken'));
      } else if (problem.status === 422 && problem.errors.code && state.code) {
        const reason = problem.errors.code[0];
        const left = /expired|no longer valid|Too many/.test(reason)
          ? 0
          : Number(/(\d+) attempts? left/.exec(reason)?.[1] ?? state.code.attempts_left - 1);
        show({ ...state, code: { ...state.code, attempts_left: left } });
        fail('code', left > 0 ? codeT('wrongCode', { count: left }) : codeT('codeSpent'));
      } else {
        setFormError(messages.problem(problem));
      }
    } finally {
      setPending(false);
    }
  };

  const anotherNumber = () => {
    setEnteringNumber(true);
    setFieldError(undefined);
    setFormError(null);
    window.setTimeout(() => focusField('phone'));
  };

  return (
    <div ref={fieldsRef} className={styles.phoneSteps}>
      <p role="status">
        {state.phone ? <span className={styles.confirmed}>{t('confirmed', { phone: state.phone })}</span> : t('none')}
      </p>
      {waiting ? (
        <form className={fieldStyles.form} onSubmit={submitCode} noValidate>
          <p>
            {codeLive ? t('codeSent', { phone: state.pending_phone! }) : t('waiting', { phone: state.pending_phone! })}
          </p>
          <FormError message={formError} />
          {codeLive ? (
            <>
              <CodeField
                value={code}
                onChange={setCode}
                error={fieldError}
                hint={codeT('codeExpiresIn', { time: formatCountdown(expiresIn), count: state.code!.attempts_left })}
              />
              <SubmitButton pending={pending} label={t('confirm')} pendingLabel={codeT('checkingCode')} />
            </>
          ) : fieldError ? (
            <p className={fieldStyles.error} role="alert">
              {fieldError}
            </p>
          ) : null}
          <CodeResendActions
            resendIn={resendIn}
            pending={pending}
            primary={!codeLive}
            label={codeLive ? codeT('resend') : t('sendCode')}
            onResend={() => void sendCode(state.pending_phone!)}
            onOtherPhone={anotherNumber}
          />
        </form>
      ) : (
        <PhoneNumberForm
          label={state.phone ? t('newPhone') : t('phone')}
          hint={t('phoneHint')}
          value={phone}
          onChange={setPhone}
          error={fieldError}
          formError={formError}
          pending={pending}
          submitLabel={t('sendCode')}
          onSubmit={submitPhone}
        />
      )}
    </div>
  );
}
