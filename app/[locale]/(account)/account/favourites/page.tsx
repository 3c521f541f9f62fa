import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/lib/server/pages/locale';
import { AccountSection } from '@/components/account/AccountSection';
import { FavouritesList } from '@/components/favourites/FavouritesList';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({
  path: '/account/favourites',
  page: 'meta.accountFavourites',
  noindex: true,
});

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  const t = await getTranslations('favourites');
  return (
    <AccountSection title={t('title')} lead={t('lead')} wide>
      <FavouritesList />
    </AccountSection>
  );
}
