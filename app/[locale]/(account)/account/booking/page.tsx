import { accountPage } from '@/app/[locale]/(account)/_components/AccountPage';
import { BookingsList } from '@/components/bookings/BookingsList';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({
  path: '/account/booking',
  page: 'meta.accountBooking',
  noindex: true,
});

export default accountPage('bookings', { wide: true }, <BookingsList />);
