import { accountPage } from '@/app/[locale]/(account)/_components/AccountPage';
import { PasswordForm } from '@/components/account/PasswordForm';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({
  path: '/account/password',
  page: 'meta.accountPassword',
  noindex: true,
});

export default accountPage('account.password', { lead: true }, <PasswordForm />);
