import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/lib/server/pages/locale';
import { AccountSection } from '@/components/account/AccountSection';
import { BookingsList } from '@/components/bookings/BookingsList';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({
  path: '/account/booking',
  page: 'meta.accountBooking',
  noindex: true,
});

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  const t = await getTranslations('bookings');
  return (
    <AccountSection title={t('title')} wide>
      <BookingsList />
    </AccountSection>
  );
}
