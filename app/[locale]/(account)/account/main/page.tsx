import { accountPage } from '@/app/[locale]/(account)/_components/AccountPage';
import { EmailForm } from '@/components/account/EmailForm';
import { NotificationSettingsForm } from '@/components/account/NotificationSettingsForm';
import { PhoneForm } from '@/components/account/PhoneForm';
import { ProfileForm } from '@/components/account/ProfileForm';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({ path: '/account/main', page: 'meta.accountMain', noindex: true });

export default accountPage(
  'account.profile',
  { lead: true },
  <>
    <ProfileForm />
    <EmailForm />
    <PhoneForm />
    <NotificationSettingsForm />
  </>,
);
