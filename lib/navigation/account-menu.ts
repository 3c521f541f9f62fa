/** The account menu: its entries and which one a path belongs to. */
export const ACCOUNT_MENU = [
  { key: 'accountOverview', href: '/account' },
  { key: 'accountMain', href: '/account/main' },
  { key: 'accountPassword', href: '/account/password' },
  { key: 'accountBooking', href: '/account/booking' },
  { key: 'accountFavourites', href: '/account/favourites' },
  { key: 'office', href: '/office' },
] as const;

export type AccountMenuKey = (typeof ACCOUNT_MENU)[number]['key'];

/** The entry for a path: exact match, or the deepest entry the path lies under (/office/ideas/x → office). */
export function accountMenuEntry(path: string) {
  return [...ACCOUNT_MENU]
    .sort((a, b) => b.href.length - a.href.length)
    .find((entry) => path === entry.href || path.startsWith(`${entry.href}/`));
}
