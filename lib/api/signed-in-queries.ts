import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AppLocale } from '@/lib/i18n/locales';
import { catalogQuery, pagedQuery } from './query-options';
import { queryKeys } from '@/lib/contract/query-keys';

// Queries of the signed-in pages, apart from the public ones so that the idea page does not ship them.

export const moderationQueueQuery = (locale: AppLocale) =>
  pagedQuery(queryKeys.moderationQueue(locale), async (page) =>
    (await import('./moderation')).fetchModerationQueue(locale, page),
  );

export const ideaReviewQuery = (locale: AppLocale, hid: string) =>
  queryOptions({
    queryKey: queryKeys.ideaReview(locale, hid),
    queryFn: async () => (await import('./moderation')).fetchIdeaForReview(locale, hid),
  });

/** The signed-in user's own profile (with email and phone): account pages only, never prefetched on the server. */
export const profileQuery = (profileHid: string) =>
  queryOptions({
    queryKey: queryKeys.profile(profileHid),
    queryFn: async () => (await import('./account')).fetchProfile(profileHid),
  });

/** The signed-in user's confirmed phone number and the one waiting for its code. */
export const accountPhoneQuery = (userHid: string) =>
  queryOptions({
    queryKey: queryKeys.accountPhone(userHid),
    queryFn: async () => (await import('./account')).fetchAccountPhone(userHid),
  });

/** The signed-in user's confirmed email and the one waiting for its link to be opened. */
export const accountEmailQuery = (userHid: string) =>
  queryOptions({
    queryKey: queryKeys.accountEmail(userHid),
    queryFn: async () => (await import('./account')).fetchAccountEmail(userHid),
  });

export const userBookingsQuery = (locale: AppLocale, userHid: string) =>
  queryOptions({
    queryKey: queryKeys.userBookings(locale, userHid),
    queryFn: async () => (await import('./bookings')).fetchUserBookings(userHid, locale),
  });

/** The office: the signed-in author's ideas in every status (never cached across users: the key names the user). */
export const ownIdeasQuery = (locale: AppLocale, userHid: string) =>
  pagedQuery(queryKeys.ownIdeas(locale, userHid), async (page) =>
    (await import('./office')).fetchOwnIdeas(locale, userHid, page),
  );

/** The editor's idea: the detail with every include plus its texts in every language. */
export const ownIdeaQuery = (locale: AppLocale, hid: string) =>
  queryOptions({
    queryKey: queryKeys.ownIdea(locale, hid),
    queryFn: async () => {
      const office = await import('./office');
      const [idea, texts] = await Promise.all([office.fetchOwnIdea(locale, hid), office.fetchIdeaTexts(hid)]);
      return { idea: idea.data, texts: texts.data };
    },
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export const receivedBookingsQuery = (locale: AppLocale, userHid: string) =>
  pagedQuery(queryKeys.receivedBookings(locale, userHid), async (page) =>
    (await import('./office')).fetchReceivedBookings(locale, userHid, page),
  );

/** /office/requests and the office menu's count. */
export const guideRequestsQuery = (locale: AppLocale) =>
  queryOptions({
    queryKey: queryKeys.guideRequests(locale),
    queryFn: async () => (await import('./office')).fetchGuideRequests(locale),
  });

export const ideaTypesQuery = (locale: AppLocale) =>
  catalogQuery(queryKeys.ideaTypes(locale), async () => (await import('./office')).fetchIdeaTypes(locale));

/** /account/favourites: the saved ideas as cards, newest saved first. */
export const favouritesQuery = (locale: AppLocale, userHid: string) =>
  pagedQuery(queryKeys.favourites(locale, userHid), async (page) =>
    (await import('./favourites')).fetchFavourites(locale, userHid, page),
  );

/** The guide's departures, range after range: each page names the day the next one starts from. */
export const departuresQuery = (locale: AppLocale, userHid: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.departures(locale, userHid),
    queryFn: async ({ pageParam }: { pageParam: string | undefined }) =>
      (await import('./departures')).fetchDepartures(locale, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: { meta: { next_from: string | null } }) => last.meta.next_from ?? undefined,
  });

export const manifestQuery = (locale: AppLocale, id: string) =>
  queryOptions({
    queryKey: queryKeys.manifest(locale, id),
    queryFn: async () => (await import('./departures')).fetchManifest(locale, id),
  });

export const earningsQuery = (locale: AppLocale, userHid: string, month: string) =>
  queryOptions({
    queryKey: queryKeys.earnings(locale, userHid, month),
    queryFn: async () => (await import('./earnings')).fetchEarnings(locale, month),
  });

export const payoutsQuery = (locale: AppLocale, month: string) =>
  queryOptions({
    queryKey: queryKeys.payouts(locale, month),
    queryFn: async () => (await import('./earnings')).fetchPayouts(locale, month),
  });

/** The inbox's first page with the unread total (the account menu's badge). */
export const conversationsQuery = (locale: AppLocale) =>
  queryOptions({
    queryKey: queryKeys.conversations(locale),
    queryFn: async () => (await import('./conversations')).fetchConversations(locale),
  });

/** /account/messages: the inbox a page at a time, older activity by `next_before`. */
export const inboxPagesQuery = (locale: AppLocale) =>
  infiniteQueryOptions({
    queryKey: queryKeys.inboxPages(locale),
    queryFn: async ({ pageParam }) => (await import('./conversations')).fetchConversations(locale, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.next_before ?? undefined,
  });

/** One conversation's messages, newest page first; older pages by `next_before`. */
export const messagesQuery = (locale: AppLocale, hid: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.messages(locale, hid),
    queryFn: async ({ pageParam }) => (await import('./conversations')).fetchMessages(locale, hid, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.next_before ?? undefined,
  });

export const notificationSettingsQuery = (userHid: string) =>
  queryOptions({
    queryKey: queryKeys.notificationSettings(userHid),
    queryFn: async () => (await import('./conversations')).fetchNotificationSettings(userHid),
  });

export const messageReportsQuery = () =>
  queryOptions({
    queryKey: queryKeys.messageReports(),
    queryFn: async () => (await import('./conversations')).fetchMessageReports(),
  });
