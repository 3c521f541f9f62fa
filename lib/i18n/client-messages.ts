/**
 * The messages client components read, by where they render. Each entry is a namespace or a dotted path
 * inside one; server components read the whole catalogue and need nothing here. Every message sent is
 * carried twice in a page (the HTML's flight data, then the client's memory), so pages get only their own.
 */
import { isMessages, mergeMessages, type Messages } from './merge-messages';

const keysOf = (namespace: string, keys: readonly string[]) => keys.map((key) => `${namespace}.${key}`);

const MAIN_FILTER = keysOf('filters', [
  'mainPlace',
  'placeLabel',
  'placeChange',
  'datesDefault',
  'datesLabel',
  'datesLabelEmpty',
  'clearDates',
  'calendarTitle',
  'calendarHint',
  'apply',
  'clear',
  'close',
]);
/** The heart on cards and idea pages (components/favourites/FavouriteButton.tsx). */
const FAVOURITE_BUTTON = keysOf('favourites', ['save', 'saveIdea', 'saveFailed', 'removeFailed', 'tryAgain', 'full']);
/** The card's rating line (components/ideas/IdeaCard.tsx). */
const CARD_RATING = keysOf('reviews', ['cardRating', 'ratingLabel']);
const IDEA_CARD = [
  ...keysOf('ideas', ['priceFrom', 'pricePerGroup', 'priceOnRequest', 'nextDate', 'noDates']),
  ...FAVOURITE_BUTTON,
  ...CARD_RATING,
];

/**
 * Every page: header, menus (the language and currency one too), cookie notice, the footer's currency choice, route
 * error boundaries and the header's compact main filter; `currency` also holds the approximate prices' texts.
 */
export const SHELL_MESSAGES = [
  'brand',
  'nav',
  'auth',
  'locale',
  'cookie',
  'currency',
  ...keysOf('errors', ['toHome', 'retry', 'route', 'e503']),
  ...MAIN_FILTER,
];

/** What an area's pages add to the shell's messages. */
export const AREA_MESSAGES = {
  home: [
    ...keysOf('home', [
      'nearby',
      'nearbyFallback',
      'weekend',
      'travelTime',
      'seeAll',
      'seeAllOf',
      'previousOf',
      'nextOf',
      'useLocation',
      'locating',
      'locationDenied',
      'sectionEmpty',
      'sectionError',
    ]),
    ...IDEA_CARD,
  ],
  listing: ['filters', 'search', 'ideas', 'map', ...FAVOURITE_BUTTON, ...CARD_RATING],
  idea: [
    ...keysOf('idea', [
      'gallery',
      'photoOf',
      'previousPhoto',
      'nextPhoto',
      'openPhoto',
      'closePhotos',
      'noPhotos',
      'share',
      'linkCopied',
      'shareFailed',
      'booking',
      // A private idea's panel (components/idea/PrivateBookingPanel.tsx).
      'private',
    ]),
    ...keysOf('bookings', [
      'date',
      'guests',
      'total',
      'adults',
      'children',
      'idea',
      'confirm',
      'confirming',
      'confirmTitle',
      'confirmLead',
      // An on-request idea's confirmation (components/idea/BookingConfirmation.tsx).
      'requestLead',
      'requestConfirm',
      'edit',
      'noSeats',
      'slotTaken',
      'contactLegend',
      'contactName',
      'contactPhone',
      'contactHint',
    ]),
    // The booking's contact fields and the API's problems, explained.
    'forms.errors',
    ...keysOf('filters', ['decrease', 'increase']),
    // The cancellation line under the total and the confirmation's terms (components/idea/CancellationTerms.tsx).
    ...keysOf('terms', ['rule', 'deadline', 'meetingPoint', 'cancellation']),
    // The meeting point's map, when its tiles fail (components/map/Tiles.tsx).
    'map.tilesFailed',
    ...FAVOURITE_BUTTON,
    // The idea's reviews: paging, and the reply and hide forms for the idea's author and moderators.
    'reviews',
    // "Ask the guide" and its question form (components/idea/AskGuide.tsx).
    ...keysOf('conversations', [
      'ask',
      'askTitle',
      'askLead',
      'askLabel',
      'askPlaceholder',
      'askSend',
      'askSent',
      'openThread',
      'close',
      'tooMany',
      'blocked',
      'sendFailed',
    ]),
  ],
  placeSearch: ['places'],
  // A guide's page: their ideas as the listing's cards (the hearts and rating lines are client components), and
  // "show more" with its states (components/ideas/IdeaListing.tsx).
  guide: [
    ...IDEA_CARD,
    ...keysOf('ideas', [
      'loading',
      'loadMore',
      'errorTitle',
      'errorText',
      'retry',
      'emptyTitle',
      'emptyText',
      'endOfList',
    ]),
  ],
  signIn: [
    'authForms',
    'forms',
    // Password recovery's forms (the pages' headings are rendered on the server).
    ...keysOf('recovery', [
      'forgotLink',
      'send',
      'sending',
      'sentTitle',
      'sent',
      'tryAgain',
      'save',
      'saving',
      'done',
      'toLogin',
      'tokenMissing',
      'tokenInvalid',
      'tokenExpired',
      'tokenUsed',
      'requestNew',
    ]),
  ],
  signedIn: [
    'account',
    'authForms',
    'forms',
    'office',
    'departures',
    'earnings',
    'payouts',
    'moderation',
    'places',
    'bookings',
    'filters',
    'ideas',
    'idea',
    'favourites',
    'reviews',
    'terms',
    'conversations',
    // The meeting point's map in the idea editor (components/map/PointPickerMap.tsx).
    ...keysOf('map', ['zoomIn', 'zoomOut', 'tilesFailed']),
  ],
} as const satisfies Record<string, readonly string[]>;

export type MessageArea = keyof typeof AREA_MESSAGES;

/**
 * Each catalogue's picks, by the list of paths: a page picks the shell's and its area's on every render, from the
 * same catalogue module and the same lists. The picks are shared, so nothing may change them (none does: client
 * providers merge into new objects).
 */
const picks = new WeakMap<Messages, WeakMap<readonly string[], Messages>>();

/** The part of a catalogue at the given paths, nested as in the catalogue; paths that name nothing are skipped. */
export function pickMessages(messages: Messages, paths: readonly string[]): Messages {
  let byPaths = picks.get(messages);
  if (!byPaths) picks.set(messages, (byPaths = new WeakMap()));
  const known = byPaths.get(paths);
  if (known) return known;
  let picked: Messages = {};
  for (const path of paths) {
    const keys = path.split('.');
    let value: unknown = messages;
    for (const key of keys) value = isMessages(value) ? value[key] : undefined;
    if (value === undefined) continue;
    picked = mergeMessages(
      picked,
      keys.reduceRight<Messages>((inner, key) => ({ [key]: inner }), value as Messages),
    );
  }
  byPaths.set(paths, picked);
  return picked;
}

export { mergeMessages };
