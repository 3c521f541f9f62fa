/** A Chromium executable for Playwright (scripts/chromium.mjs); `headlessShell` prefers Debian's headless shell. */
export function findChromium(options?: { headlessShell?: boolean }): Promise<string>;
