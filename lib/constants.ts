/** Business constants of SPEC section 9, in one place. */

/** Widths below this are "mobile": tab bar shown, compact header. Overridable with MOBILE_BREAKPOINT. */
export const DEFAULT_MOBILE_BREAKPOINT = 768;

/** The main place: Vladivostok. */
export const DEFAULT_PLACE_ID = 7;
/** The whole region, Primorye: the top of the place tree, above Vladivostok. */
export const REGION_PLACE_ID = 1;

/**
 * The listing (/go) shows its ideas 24 at a time: whole rows of 2, 3 and 4 columns (40 left a part row on 3). The
 * API's own default stays 40 (SPEC section 7); the page asks for its size. The server renders page 1 on every
 * filtered visit, and each card was a share of that render: 40 cards were a third of a filtered listing's HTML and
 * of its CPU (docs/performance.md).
 */
export const IDEAS_PAGE_SIZE = 24;
/** A guide's page shows their ideas twelve at a time (three rows of four on a desktop), then "show more". */
export const GUIDE_IDEAS_PAGE_SIZE = 12;
export const PLACES_PAGE_SIZE = 10;
export const HOME_SECTION_LIMIT = 7;
export const WEEKEND_CATEGORY_ID = 2;
export const TRAVEL_TIME_CATEGORY_ID = 7;

export const COVER_SIZE = { width: 466, height: 350 } as const;

export const ACCESS_TOKEN_TTL_SECONDS = 86_400;
export const REFRESH_TOKEN_TTL_SECONDS = 1_209_600;
/**
 * A refresh token presented again this soon after its rotation (two tabs refreshing at once) yields the same
 * successor; later, a second use means it leaked and closes the whole session.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/** The progress bar appears only for navigations slower than this. */
export const PROGRESS_DELAY_MS = 200;
export const PROGRESS_MAX_MS = 5_000;

/** A failed script chunk reloads the page at most once in this window. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

export const COOKIE_ACCEPTED_KEY = 'cookieAccepted';
