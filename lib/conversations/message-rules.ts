/** A message's length after trimming, a page of a thread and of the inbox (zod-free, so the browser can use them). */
export const MESSAGE_TEXT_MAX = 4000;
export const MESSAGES_PAGE_SIZE = 30;
export const INBOX_PAGE_SIZE = 30;
