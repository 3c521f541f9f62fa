import { accountPage } from '@/app/[locale]/(account)/_components/AccountPage';
import { FavouritesList } from '@/components/favourites/FavouritesList';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({
  path: '/account/favourites',
  page: 'meta.accountFavourites',
  noindex: true,
});

export default accountPage('favourites', { lead: true, wide: true }, <FavouritesList />);
