import type { LocaleLayoutProps } from '@/lib/i18n/routing';
import { enterLocale, localeStaticParams } from '@/lib/server/pages/locale';
import { AuthShell } from '@/components/layout/AuthShell';

export const generateStaticParams = localeStaticParams;

/** Background layout: a full-bleed sea background with logo and go-back, used by the error pages. */
export default async function BackgroundLayout({ children, params }: LocaleLayoutProps) {
  await enterLocale(params);
  return <AuthShell variant="sea">{children}</AuthShell>;
}
