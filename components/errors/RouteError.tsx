'use client';

import { useTranslations } from 'next-intl';
import { ErrorView } from '@/components/errors/ErrorView';
import { AuthShell } from '@/components/layout/AuthShell';
import { buttonClass } from '@/components/ui/button';
import { errorStatus } from '@/lib/errors';

/**
 * The route error boundary: the error's own message, with retry, home and go-back. Each route group has
 * its own `error.tsx` re-exporting this, so that the boundary's code shares the group's chunks.
 */
export function RouteError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  return (
    <AuthShell variant="sea">
      <ErrorView status={errorStatus(error)} title={t('route.title')} message={error.message || t('route.message')}>
        <button type="button" className={buttonClass('primary', { block: true })} onClick={reset}>
          {t('retry')}
        </button>
      </ErrorView>
    </AuthShell>
  );
}
