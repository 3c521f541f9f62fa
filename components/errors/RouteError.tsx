'use client';

import { useTranslations } from 'next-intl';
import { ErrorView } from '@/components/errors/ErrorView';
import { AuthShell } from '@/components/layout/AuthShell';
import { buttonClass } from '@/components/ui/button';
import { errorStatus } from '@/lib/http/errors';

/**
 * The route error boundary: the error's own message, with retry, home and go-back. Each route group's
 * `error.tsx` shows it through LazyRouteError, which keeps its code out of the pages' first load.
 */
export function RouteError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  const status = errorStatus(error);
  // A database outage shows the 503 page's words; its server-side message is not for visitors.
  const [title, message] =
    status === 503 ? [t('e503.title'), t('e503.message')] : [t('route.title'), error.message || t('route.message')];
  return (
    <AuthShell variant="sea">
      <ErrorView status={status} title={title} message={message}>
        <button type="button" className={buttonClass('primary', { block: true })} onClick={reset}>
          {t('retry')}
        </button>
      </ErrorView>
    </AuthShell>
  );
}
