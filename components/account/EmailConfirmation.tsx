'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useQueryClient } from '@tanstack/react-query';
import { useFormMessages } from '@/components/forms/useFormMessages';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { queryKeys } from '@/lib/contract/query-keys';
import { apiProblem } from '@/lib/forms/api-problem';
import { useSignedInUser } from './RequireSession';
import styles from '@/components/auth/Recovery.module.css';

type Outcome =
  | { kind: 'checking' }
  | { kind: 'done'; email: string }
  | { kind: 'tokenMissing' | 'tokenInvalid' | 'tokenExpired' | 'tokenUsed' | 'taken' }
  | { kind: 'failed'; message: string };

/** The link's token, sent once as the page opens (signed in: the account layout asks for it): the outcome, said plainly. */
export function EmailConfirmation({ token }: { token: string }) {
  const t = useTranslations('account.emailConfirm');
  const messages = useFormMessages();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const updateSessionUser = useAppStore((s) => s.updateUser);
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'checking' } : { kind: 'tokenMissing' });
  const [attempt, setAttempt] = useState(0);
  const sent = useRef(-1);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Once per attempt, also when React runs effects twice in development.
    if (!token || sent.current === attempt) return;
    sent.current = attempt;
    void (async () => {
      try {
        const { confirmEmail } = await import('@/lib/api/account');
        const confirmed = await confirmEmail(user.hid, token);
        queryClient.setQueryData(queryKeys.accountEmail(user.hid), confirmed);
        updateSessionUser({ email: confirmed.email });
        setOutcome({ kind: 'done', email: confirmed.email ?? '' });
      } catch (error) {
        const problem = apiProblem(error);
        const reason = problem.status === 422 ? (problem.errors.token?.[0] ?? '') : '';
        if (problem.status === 422 && problem.errors.email) setOutcome({ kind: 'taken' });
        else if (/expired/.test(reason)) setOutcome({ kind: 'tokenExpired' });
        else if (/already been used/.test(reason)) setOutcome({ kind: 'tokenUsed' });
        else if (problem.status === 422) setOutcome({ kind: 'tokenInvalid' });
        else setOutcome({ kind: 'failed', message: messages.problem(problem) });
      }
    })();
  }, [token, attempt, user.hid, queryClient, updateSessionUser, messages]);

  // The outcome is announced and takes the focus, so that keyboard and screen-reader users land on it.
  useEffect(() => {
    if (outcome.kind !== 'checking') resultRef.current?.focus();
  }, [outcome.kind]);

  if (outcome.kind === 'checking')
    return (
      <p role="status" aria-live="polite">
        {t('checking')}
      </p>
    );
  return (
    <div ref={resultRef} tabIndex={-1} className={styles.notice} role={outcome.kind === 'done' ? 'status' : 'alert'}>
      <p>
        {outcome.kind === 'done'
          ? t('done', { email: outcome.email })
          : outcome.kind === 'failed'
            ? `${t('failed')} ${outcome.message}`
            : t(outcome.kind)}
      </p>
      {outcome.kind === 'failed' ? (
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            setOutcome({ kind: 'checking' });
            setAttempt((n) => n + 1);
          }}
        >
          {t('retry')}
        </button>
      ) : null}
      <AppLink href="/account/main" className={buttonClass(outcome.kind === 'done' ? 'primary' : 'secondary')}>
        {t('toAccount')}
      </AppLink>
    </div>
  );
}
