import { NotFoundView } from '@/components/errors/NotFoundView';
import { AuthShell } from '@/components/layout/AuthShell';

/** 404 raised in the account, auth or background groups, which have no not-found of their own. */
export default function NotFound() {
  return (
    <AuthShell variant="sea">
      <NotFoundView />
    </AuthShell>
  );
}
