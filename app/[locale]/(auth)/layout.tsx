import type { LocaleLayoutProps } from '@/lib/i18n/routing';
import { enterLocale } from '@/lib/server/pages/locale';
import { AuthShell } from '@/components/layout/AuthShell';
import { AreaMessages } from '@/app/[locale]/_components/AreaMessages';

/** SPEC section 2, auth layout: logo, go-back, mountain background. */
export default async function AuthLayout({ children, params }: LocaleLayoutProps) {
  await enterLocale(params);
  return (
    <AuthShell variant="mountains">
      <AreaMessages area="signIn">{children}</AreaMessages>
    </AuthShell>
  );
}
