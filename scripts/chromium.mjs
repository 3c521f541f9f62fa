import { existsSync } from 'node:fs';

const HELP = `No Chromium found for the browser tests.
Install one of:
  - Debian/Ubuntu: apt-get install -y chromium-headless-shell chromium
                   (gives /usr/bin/chromium-headless-shell and /usr/bin/chromium)
  - any machine with internet access: npx playwright install chromium
or point CHROMIUM_PATH at a Chromium/Chrome executable.`;

/** Debian's old headless shell: Chromium's `--headless` is now the whole browser, about twice as slow per page. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * A Chromium: CHROMIUM_PATH, then (for Playwright's journeys, `headlessShell`) Debian's headless shell, then
 * Debian's /usr/bin/chromium (which Lighthouse needs), then Playwright's own.
 */
export async function findChromium({ headlessShell = false } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.\n${HELP}`);
  }
  if (headlessShell && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    const { chromium } = await import('playwright-core');
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // playwright-core missing or without a registry entry: fall through to the help text.
  }
  throw new Error(HELP);
}
