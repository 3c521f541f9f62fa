import type { ComponentType } from 'react';
import { getTranslations } from 'next-intl/server';
import { AuthPage } from '@/app/[locale]/(auth)/_components/AuthPage';
import { AppLink } from '@/components/ui/AppLink';
import { signInPageEntry, type SignInPageProps } from '@/lib/server/pages/next-path';

type SignInLink = {
  pathname: '/login/email' | '/login/phone' | '/register';
  label: 'toEmail' | 'toPhone' | 'toRegister' | 'toLogin';
};

/**
 * The page of one sign-in form (email, phone, registration): the form and the links to the other screens under
 * it, each carrying where the visitor returns to (`?next=`).
 */
export function signInFormPage(
  page: 'loginEmail' | 'loginPhone' | 'register',
  Form: ComponentType<{ next: string }>,
  links: SignInLink[],
) {
  return async function SignInFormPage(props: SignInPageProps) {
    const next = await signInPageEntry(props);
    const t = await getTranslations('authForms');
    const footer = links.map(({ pathname, label }) => (
      <AppLink key={pathname} href={{ pathname, query: { next } }}>
        {t(label)}
      </AppLink>
    ));
    return (
      <AuthPage page={page} footer={<>{footer}</>}>
        <Form next={next} />
      </AuthPage>
    );
  };
}
