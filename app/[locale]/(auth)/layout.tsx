import type { ReactNode } from 'react';
import { enterLocale } from '@/lib/server/pages/locale';
import { AuthShell } from '@/components/layout/AuthShell';
import { AreaMessages } from '@/app/[locale]/_components/AreaMessages';

/** SPEC section 2, auth layout: logo, go-back, mountain background. */
export default async function AuthLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  await enterLocale(params);
  return (
    <AuthShell variant="mountains">
      <AreaMessages area="signIn">{children}</AreaMessages>
    </AuthShell>
  );
}
