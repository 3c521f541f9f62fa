// `npm run bench:inp`: interaction to next paint (INP) of four interactions on the built app, in Chromium with its
// CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), on a desktop and a phone viewport, with the demo content:
//   - opening the date filter on /go;
//   - applying a category on /go (its link in the category strip);
//   - "show more" under the listing of a place with more than 40 ideas;
//   - opening the booking confirmation on a bookable idea's page, signed in (on phones: the bottom bar's button,
//     then "Continue" in the sheet of date and guests; the slower of the two counts, as INP takes a visit's worst).
// Each run is a fresh page, slowed from its load on; an interaction's duration is the longest Event Timing entry
// of its interactionId (what web-vitals reports as INP), from a PerformanceObserver on 'event' entries with
// durationThreshold 16: the browser reports nothing shorter, shown as "<16". Prints the median of the runs.
// Options: --runs 5 --port 3420 --data-dir data/bench-pages (the demo content, prepared on first use).
import { readFileSync } from 'node:fs';
import { chromium, devices } from '@playwright/test';
import {
  acceptCookiesUpFront,
  MODERATOR,
  openBookingConfirmation,
  signInByEmail,
  waitForHydrated,
  waitForHydration,
} from '../e2e/support.ts';
import { buildIfMissing, commandOptions, median, run, startServer, waitForServer } from './bench-support.mjs';
import { findChromium } from './chromium.mjs';

const values = commandOptions({
  runs: '5',
  port: '3420',
  'data-dir': 'data/bench-pages',
});
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = values['data-dir'];
const CPU_SLOWDOWN = 4;
const BUDGET_MS = 200;
const ru = JSON.parse(readFileSync('messages/ru.json', 'utf8'));

const VIEWPORTS = {
  desktop: { ...devices['Desktop Chrome'], locale: 'ru-RU' },
  mobile: { ...devices['Pixel 7'], locale: 'ru-RU', viewport: { width: 390, height: 844 } },
};

/** Collects the longest Event Timing entry of every interaction, before the page's own scripts run. */
function recordInteractions() {
  const longest = new Map();
  Object.assign(window, { benchInteractions: longest });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId)
        longest.set(entry.interactionId, Math.max(longest.get(entry.interactionId) ?? 0, entry.duration));
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/**
 * Keeps the listing from loading its next page on scroll (its IntersectionObserver on the box of the "show more"
 * button): the button has to be on screen to be clicked, and the scroll would load the page before the click.
 */
function stopScrollLoading() {
  const observe = IntersectionObserver.prototype.observe;
  IntersectionObserver.prototype.observe = function (target) {
    if (target.parentElement?.matches('section[aria-labelledby="listing-count"]')) return;
    observe.call(this, target);
  };
}

/** The longest interaction since the last call, once the browser has painted and reported it. */
async function longestInteraction(page) {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 500))));
    const longest = Math.max(0, ...window.benchInteractions.values());
    window.benchInteractions.clear();
    return longest;
  });
}

async function api(path) {
  const response = await fetch(`${BASE}/api/v1${path}`, { headers: { Locale: 'ru' } });
  if (!response.ok) throw new Error(`GET /api/v1${path}: ${response.status}`);
  return response.json();
}

/** The date filter's button that is on screen: the page's on desktop, the header's on phones. */
const dateButton = (page) =>
  page
    .getByRole('button', { name: /^Даты поездки/ })
    .filter({ visible: true })
    .first();

/** What each scenario needs from the data: looked up once through the API. */
async function fixtures() {
  const category = (await api('/categories')).data[0];
  let placeId;
  for (const candidate of [7, 1, 2, 3, 4, 5]) {
    if ((await api(`/ideas?limit=1&place_id=${candidate}`)).meta.total > 40) {
      placeId = candidate;
      break;
    }
  }
  if (placeId === undefined) throw new Error('no place has more than 40 ideas');
  const ideas = (await api('/ideas?limit=40&sort=rating&include=price,futureDates')).data;
  const bookable = ideas.find(
    (idea) =>
      idea.relationships.price?.data.amount != null &&
      idea.relationships.futureDates?.data.some((date) => date.attributes.seats_left > 0),
  );
  if (!bookable) throw new Error('no bookable idea among the best rated');
  return { category, placeId, bookableHid: bookable.hid };
}

/** Each scenario: where it starts, what it needs before the interaction, the interaction, and what ends it. */
const SCENARIOS = [
  {
    name: 'open the date filter',
    path: () => '/go',
    async ready(page) {
      await waitForHydrated(dateButton(page));
    },
    async interact(page) {
      await dateButton(page).click();
      await page.getByRole('grid').first().waitFor();
    },
  },
  {
    name: 'apply a category',
    path: () => '/go',
    async ready(page) {
      await waitForHydration(page);
    },
    async interact(page, { category }) {
      const link = page
        .getByRole('navigation', { name: ru.filters.categories })
        .getByRole('link', { name: category.attributes.title, exact: true });
      await link.click();
      await page.waitForURL(new RegExp(`category_id=${category.id}`));
      await page.locator(`a[aria-current="page"]`, { hasText: category.attributes.title }).first().waitFor();
    },
  },
  {
    name: 'show more',
    path: ({ placeId }) => `/go?place_id=${placeId}`,
    setup: stopScrollLoading,
    async ready(page) {
      await waitForHydration(page);
    },
    async interact(page) {
      const cards = page.locator('section[aria-labelledby="listing-count"] article');
      await page.getByRole('button', { name: ru.ideas.loadMore }).click();
      await cards.nth(40).waitFor();
    },
  },
  {
    name: 'open the booking confirmation',
    path: ({ bookableHid }) => `/go/${bookableHid}`,
    signedIn: true,
    async ready(page) {
      await waitForHydration(page);
    },
    async interact(page) {
      const dialog = await openBookingConfirmation(page, ru);
      await dialog.waitFor();
    },
  },
];

async function measure(browser, viewport, scenario, data, signedInState) {
  const context = await browser.newContext({
    ...VIEWPORTS[viewport],
    baseURL: BASE,
    storageState: scenario.signedIn ? signedInState[viewport] : undefined,
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await acceptCookiesUpFront(page);
    await page.addInitScript(recordInteractions);
    if (scenario.setup) await page.addInitScript(scenario.setup);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(scenario.path(data));
    await scenario.ready(page);
    await longestInteraction(page);
    await scenario.interact(page, data);
    const longest = await longestInteraction(page);
    // Restoring the session rotated its refresh token: the next page goes on with the successor, as a returning
    // visitor's browser does (the one stored before is refused once its grace period is over).
    if (scenario.signedIn) signedInState[viewport] = await context.storageState();
    return longest;
  } finally {
    await context.close();
  }
}

/** A signed-in browser state per viewport, made once (sign-ins are rate limited) and carried from page to page. */
async function signIn(browser, viewport) {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], baseURL: BASE });
  try {
    const page = await context.newPage();
    await acceptCookiesUpFront(page);
    await signInByEmail(page, MODERATOR.email, MODERATOR.password);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

buildIfMissing();
run('npm', ['run', '--silent', 'db:prepare'], { DATA_DIR });
const server = startServer({
  port: PORT,
  env: { DATA_DIR, SITE_URL: BASE, LOG_LEVEL: 'warn' },
  log: `${DATA_DIR}/inp-server.log`,
});
const browser = await chromium.launch({
  executablePath: await findChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows = [];
try {
  await waitForServer(server.child, `${BASE}/api/v1/config`, 120);
  const data = await fixtures();
  const signedInState = {};
  for (const viewport of Object.keys(VIEWPORTS)) signedInState[viewport] = await signIn(browser, viewport);
  for (const scenario of SCENARIOS) {
    for (const viewport of Object.keys(VIEWPORTS)) {
      // One unmeasured run: the server's page cache and the image optimizer warm, as on a live site.
      await measure(browser, viewport, scenario, data, signedInState);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, viewport, scenario, data, signedInState));
      rows.push({ scenario: scenario.name, viewport, runs, median: median(runs) });
      console.log(`${scenario.name}, ${viewport}: ${runs.map((ms) => (ms ? ms : '<16')).join(', ')} ms`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const shown = (ms) => (ms ? String(ms) : '<16');
console.log(
  `\nINP, CPU slowed ${CPU_SLOWDOWN}×, median of ${RUNS} runs (ms)\n| interaction | viewport | median | runs | verdict |\n|---|---|---|---|---|`,
);
let pass = true;
for (const row of rows) {
  const ok = row.median <= BUDGET_MS;
  pass &&= ok;
  console.log(
    `| ${row.scenario} | ${row.viewport} | ${shown(row.median)} | ${row.runs.map(shown).join(', ')} | ${ok ? 'ok' : 'OVER BUDGET'} |`,
  );
}
console.log(`\nBudget: each ≤ ${BUDGET_MS} ms.`);
process.exitCode = pass ? 0 : 1;
