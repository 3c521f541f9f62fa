'use client';

import { useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EmailField, FormError, fieldStyles, SubmitButton } from '@/components/forms/Field';
import { useFormMessages } from '@/components/forms/useFormMessages';
import { useNow } from '@/components/forms/useNow';
import { buttonClass } from '@/components/ui/button';
import type { AccountEmailResource } from '@/lib/api/account';
import { queryKeys } from '@/lib/contract/query-keys';
import { accountEmailQuery } from '@/lib/api/signed-in-queries';
import { apiProblem } from '@/lib/forms/api-problem';
import { formatCountdown, secondsUntil } from '@/lib/forms/countdown';
import { emailError } from '@/lib/forms/rules';
import { notify } from '@/lib/browser/notify';
import { ContactSection, refusedContact } from './ContactSection';
import { useSignedInUser } from './RequireSession';
import styles from './AccountPage.module.css';

/**
 * The account's email: a new address gets a confirmation link and becomes the account's (the only address Sopka
 * mails) once that link is opened. States: none, waiting for its link, confirmed.
 */
export function EmailForm() {
  const user = useSignedInUser();
  const query = useQuery(accountEmailQuery(user.hid));
  return (
    <ContactSection kind="email" query={query}>
      {(state) => <EmailSteps userHid={user.hid} state={state} />}
    </ContactSection>
  );
}

function EmailSteps({ userHid, state }: { userHid: string; state: AccountEmailResource }) {
  const t = useTranslations('account.email');
  const messages = useFormMessages();
  const queryClient = useQueryClient();
  // The waiting address shows while there is one, unless the user chose to type another.
  const [enteringEmail, setEnteringEmail] = useState(false);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  // An address waits exactly while its link can still be used (GET /users/{id}/email).
  const waiting = state.pending_email !== null && !enteringEmail;
  const now = useNow(state.link !== null);
  const resendIn = state.link ? secondsUntil(state.link.resend_after, now) : 0;

  const show = (next: AccountEmailResource) => queryClient.setQueryData(queryKeys.accountEmail(userHid), next);
  const focus = (selector: string) =>
    window.setTimeout(() => rootRef.current?.querySelector<HTMLElement>(selector)?.focus());

  const sendLink = async (to: string, again: boolean) => {
    setFormError(null);
    setFieldError(undefined);
    setPending(true);
    try {
      const { requestEmailConfirmation } = await import('@/lib/api/account');
      show(await requestEmailConfirmation(userHid, to));
      setEnteringEmail(false);
      setEmail('');
      if (again) notify('success', t('sentAgain'));
      // The next thing to read is where the link went.
      focus('[data-email-status]');
    } catch (error) {
      const problem = apiProblem(error);
      const reason = problem.status === 422 ? problem.errors.email?.[0] : undefined;
      if (reason && !again) {
        setFieldError(refusedContact(reason, t, messages.field('email')!));
        focus('input[name="email"]');
      } else setFormError(messages.problem(problem));
    } finally {
      setPending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const error = emailError(email);
    if (error) {
      setFieldError(messages.field(error));
      return focus('input[name="email"]');
    }
    await sendLink(email.trim().toLowerCase(), false);
  };

  const anotherEmail = () => {
    setEnteringEmail(true);
    setFieldError(undefined);
    setFormError(null);
    focus('input[name="email"]');
  };

  return (
    <div ref={rootRef} className={styles.phoneSteps}>
      <p role="status">
        {state.email ? <span className={styles.confirmed}>{t('confirmed', { email: state.email })}</span> : t('none')}
      </p>
      {waiting ? (
        <div className={fieldStyles.form}>
          <p data-email-status tabIndex={-1}>
            {t('linkSent', { email: state.pending_email! })}
          </p>
          <FormError message={formError} />
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={pending || resendIn > 0}
            onClick={() => void sendLink(state.pending_email!, true)}
          >
            {resendIn > 0 ? t('resendIn', { time: formatCountdown(resendIn) }) : pending ? t('sending') : t('resend')}
          </button>
          <button type="button" className={buttonClass('ghost')} onClick={anotherEmail}>
            {t('otherEmail')}
          </button>
        </div>
      ) : (
        <form className={fieldStyles.form} onSubmit={submit} noValidate>
          <FormError message={formError} />
          <EmailField
            label={state.email ? t('newEmail') : t('email')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fieldError}
            hint={t('emailHint')}
          />
          <SubmitButton pending={pending} label={t('sendLink')} pendingLabel={t('sending')} />
        </form>
      )}
    </div>
  );
}
