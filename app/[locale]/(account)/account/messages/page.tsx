import { accountPage } from '@/app/[locale]/(account)/_components/AccountPage';
import { Messages } from '@/components/messages/Messages';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({
  path: '/account/messages',
  page: 'meta.accountMessages',
  noindex: true,
});

export default accountPage('conversations', { wide: true }, <Messages />);
