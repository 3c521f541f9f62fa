import { NotFoundView } from '@/app/[locale]/_components/NotFoundView';
import { AuthShell } from '@/components/layout/AuthShell';

/** 404 raised in the account, auth or background groups: the error shell with the localized not-found body. */
export function ShellNotFound() {
  return (
    <AuthShell variant="sea">
      <NotFoundView />
    </AuthShell>
  );
}
