// Without zod: the browser's forms read these, and importing them from the schemas would bring zod into every
// page's scripts. The API's schemas (lib/contract/auth.ts) use the same values.

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
/** The API's words for a password on the list of the most common ones; forms recognise it to say it in the visitor's language. */
export const COMMON_PASSWORD_ERROR = 'This password is one of the most common ones. Choose another.';

/** The API's words for a reset link that cannot be used; the reset page recognises them to say it in the visitor's language. */
export const RESET_TOKEN_ERRORS = {
  invalid: 'This link is not valid. Ask for a new one.',
  expired: 'This link has expired. Ask for a new one.',
  used: 'This link has already been used. Ask for a new one.',
} as const;
