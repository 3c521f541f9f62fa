/** The account menu: its entries and which one a path belongs to. `moderators` entries are shown to moderators only. */
export const ACCOUNT_MENU = [
  { key: 'accountOverview', href: '/account', moderators: false },
  { key: 'accountMain', href: '/account/main', moderators: false },
  { key: 'accountPassword', href: '/account/password', moderators: false },
  { key: 'accountBooking', href: '/account/booking', moderators: false },
  { key: 'accountFavourites', href: '/account/favourites', moderators: false },
  { key: 'accountMessages', href: '/account/messages', moderators: false },
  { key: 'office', href: '/office', moderators: false },
  { key: 'officeDepartures', href: '/office/departures', moderators: false },
  { key: 'officeEarnings', href: '/office/earnings', moderators: false },
  { key: 'officePayouts', href: '/office/payouts', moderators: true },
  { key: 'accountModeration', href: '/office/moderation', moderators: true },
] as const;

/** The entries a user sees in the menu. */
export const accountMenuFor = (isModerator: boolean) =>
  ACCOUNT_MENU.filter((entry) => isModerator || !entry.moderators);

export type AccountMenuKey = (typeof ACCOUNT_MENU)[number]['key'];

/** The entry for a path: exact match, or the deepest entry the path lies under (/office/ideas/x → office). */
export function accountMenuEntry(path: string) {
  return [...ACCOUNT_MENU]
    .sort((a, b) => b.href.length - a.href.length)
    .find((entry) => path === entry.href || path.startsWith(`${entry.href}/`));
}
