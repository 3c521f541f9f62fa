import type { AppLocale } from '@/lib/i18n/locales';
import type { ApiParams } from '@/lib/listing/params';

/**
 * React Query keys shared by the server prefetch (lib/server/pages/prefetch.ts) and the browser (lib/api): data
 * prefetched on the server and fetched later in the browser land under the same key.
 */

/** The first part of every query key whose answer depends on who is signed in. */
export const SIGNED_IN_SCOPE = 'signed-in';

export const queryKeys = {
  config: () => ['config'] as const,
  categories: (locale: AppLocale) => ['categories', locale] as const,
  currencies: (locale: AppLocale) => ['currencies', locale] as const,
  ideas: (locale: AppLocale, params: ApiParams) => ['ideas', locale, params] as const,
  ideaPages: (locale: AppLocale, params: ApiParams) => ['ideas', 'pages', locale, params] as const,
  ideaMarkers: (locale: AppLocale, params: ApiParams) => ['ideas', 'markers', locale, params] as const,
  /** A guide's published ideas, page after page, as their public page lists them (a listing of its own). */
  guideIdeaPages: (locale: AppLocale, guideHid: string) => queryKeys.ideaPages(locale, { guide: guideHid }),
  idea: (locale: AppLocale, id: string) => ['idea', locale, id] as const,
  place: (locale: AppLocale, id: number) => ['place', locale, id] as const,
  places: (locale: AppLocale, parentId: number | 'popular') => ['places', locale, parentId] as const,
  placeSearch: (locale: AppLocale, title: string) => ['places', 'search', locale, title] as const,
  suggestions: (locale: AppLocale, query: string) => ['suggestions', locale, query] as const,
  /** Answers that depend on who is signed in: never server-prefetched, dropped on sign-out. */
  moderationQueue: (locale: AppLocale) => [SIGNED_IN_SCOPE, 'moderation', locale] as const,
  ideaReview: (locale: AppLocale, hid: string) => [SIGNED_IN_SCOPE, 'idea-review', locale, hid] as const,
  profile: (profileHid: string) => [SIGNED_IN_SCOPE, 'profile', profileHid] as const,
  accountPhone: (userHid: string) => [SIGNED_IN_SCOPE, 'phone', userHid] as const,
  accountEmail: (userHid: string) => [SIGNED_IN_SCOPE, 'email', userHid] as const,
  userBookings: (locale: AppLocale, userHid: string) => [SIGNED_IN_SCOPE, 'bookings', locale, userHid] as const,
  /** One booking, on its own page (/account/booking/{hid}), where a payment's outcome is awaited. */
  booking: (locale: AppLocale, hid: string) => [SIGNED_IN_SCOPE, 'booking', locale, hid] as const,
  ownIdeas: (locale: AppLocale, userHid: string) => [SIGNED_IN_SCOPE, 'office', 'ideas', locale, userHid] as const,
  ownIdea: (locale: AppLocale, hid: string) => [SIGNED_IN_SCOPE, 'office', 'idea', locale, hid] as const,
  guideRequests: (locale: AppLocale) => [SIGNED_IN_SCOPE, 'office', 'requests', locale] as const,
  receivedBookings: (locale: AppLocale, userHid: string) =>
    [SIGNED_IN_SCOPE, 'office', 'bookings', locale, userHid] as const,
  /** The guide's departures from a local day on, and one departure's manifest. */
  departures: (locale: AppLocale, userHid: string) =>
    [SIGNED_IN_SCOPE, 'office', 'departures', locale, userHid] as const,
  manifest: (locale: AppLocale, id: string) => [SIGNED_IN_SCOPE, 'office', 'manifest', locale, id] as const,
  /** The guide's earnings of a month, and the payouts of a month (moderators). */
  earnings: (locale: AppLocale, userHid: string, month: string) =>
    [SIGNED_IN_SCOPE, 'office', 'earnings', locale, userHid, month] as const,
  payouts: (locale: AppLocale, month: string) => [SIGNED_IN_SCOPE, 'office', 'payouts', locale, month] as const,
  /** Every saved idea's id and hid (the hearts) and the pages of saved cards (/account/favourites). */
  favouriteIds: (userHid: string) => [SIGNED_IN_SCOPE, 'favourites', 'ids', userHid] as const,
  favourites: (locale: AppLocale, userHid: string) =>
    [SIGNED_IN_SCOPE, 'favourites', 'cards', locale, userHid] as const,
  ideaTypes: (locale: AppLocale) => ['ideaTypes', locale] as const,
  /** The inbox (and the menu's unread badge) and one conversation's messages: live events invalidate them. */
  conversations: (locale: AppLocale) => [SIGNED_IN_SCOPE, 'conversations', locale] as const,
  /** /account/messages's pages of the inbox: under `conversations`, so that invalidating the inbox reaches them. */
  inboxPages: (locale: AppLocale) => [SIGNED_IN_SCOPE, 'conversations', locale, 'pages'] as const,
  messages: (locale: AppLocale, conversationHid: string) =>
    [SIGNED_IN_SCOPE, 'conversations', 'messages', locale, conversationHid] as const,
  notificationSettings: (userHid: string) => [SIGNED_IN_SCOPE, 'notification-settings', userHid] as const,
  messageReports: () => [SIGNED_IN_SCOPE, 'moderation', 'message-reports'] as const,
};
