import { getTranslations } from 'next-intl/server';
import { AccountSection } from '@/components/account/AccountSection';
import { BookingDetail } from '@/components/bookings/BookingDetail';
import { enterLocale } from '@/lib/server/pages/locale';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({
  path: '/account/booking',
  page: 'meta.accountBooking',
  noindex: true,
});

/** One booking: where a traveller lands back from the payment page, and follows the payment to its end. */
export default async function BookingPage({ params }: { params: Promise<{ locale: string; hid: string }> }) {
  await enterLocale(params);
  const { hid } = await params;
  const t = await getTranslations('bookings');
  return (
    <AccountSection title={t('title')} wide>
      <BookingDetail hid={hid} />
    </AccountSection>
  );
}
