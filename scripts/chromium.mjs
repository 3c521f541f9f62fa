import { existsSync } from 'node:fs';

const HELP = `No Chromium found for the browser tests.
Install one of:
  - Debian/Ubuntu: apt-get install -y chromium        (gives /usr/bin/chromium)
  - any machine with internet access: npx playwright install chromium
or point CHROMIUM_PATH at a Chromium/Chrome executable.`;

/** The browser for the e2e tests: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own. */
export async function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.\n${HELP}`);
  }
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
