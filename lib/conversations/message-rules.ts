/** A message's length after trimming, and a page of a thread (zod-free, so the browser's forms can use them). */
export const MESSAGE_TEXT_MAX = 4000;
export const MESSAGES_PAGE_SIZE = 30;
