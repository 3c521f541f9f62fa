import { expect, test, type APIResponse } from '@playwright/test';
import { acceptCookiesUpFront, waitForHydration } from './support';

function expectSecurityHeaders(response: APIResponse, what: string, { page = true } = {}) {
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  for (const directive of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ]) {
    expect(csp, `${what}: ${directive}`).toContain(directive);
  }
  // A page may load the analytics; a picture from the optimizer runs nothing at all.
  expect(csp, what).toMatch(page ? /script-src [^;]*https:\/\/mc\.yandex\.ru/ : /script-src 'none'.*sandbox/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security'], what).toMatch(/^max-age=\d+/);
  expect(headers['permissions-policy'], what).toContain('camera=()');
}

test('every kind of answer carries the security headers', async ({ request }) => {
  const get = (path: string, headers?: Record<string, string>) => request.get(path, { maxRedirects: 0, headers });

  // First: a visit to / sets the language cookie, which then outweighs Accept-Language.
  const language = await get('/', { 'accept-language': 'en' });
  expect(language.status()).toBe(307);
  expectSecurityHeaders(language, "the first visit's language redirect");

  const page = await get('/');
  expect(page.status()).toBe(200);
  expectSecurityHeaders(page, 'a page');

  // The idea page is rendered on its first visit and then served from the page cache.
  await get('/go/1');
  const cachedIdea = await get('/go/1');
  expect(cachedIdea.status()).toBe(200);
  // STALE is a cached page too, answered while it is revalidated in the background.
  expect(cachedIdea.headers()['x-nextjs-cache']).toMatch(/^(HIT|STALE)$/);
  expectSecurityHeaders(cachedIdea, 'a cached idea page');

  const html = await cachedIdea.text();
  const optimized = html.match(/\/_next\/image\?url=[^"'\s]+/)?.[0]?.replaceAll('&amp;', '&');
  const script = html.match(/\/_next\/static\/[^"'\s]+\.js/)?.[0];
  expect(optimized && script).toBeTruthy();
  const stored = new URL(optimized!, 'http://localhost').searchParams.get('url')!;
  expect(stored).toMatch(/^\/media\//);
  for (const [what, path] of [
    ['a stored picture', stored],
    ['an optimized picture', optimized!],
    ['a script', script!],
  ] as const) {
    const answer = await get(path);
    expect(answer.status(), what).toBe(200);
    expectSecurityHeaders(answer, what, { page: what !== 'an optimized picture' });
  }

  const api = await get('/api/v1/config');
  expect(api.status()).toBe(200);
  expectSecurityHeaders(api, 'an API answer');

  const problem = await get('/api/v1/ideas/999999');
  expect(problem.status()).toBe(404);
  expect(problem.headers()['content-type']).toContain('application/problem+json');
  expectSecurityHeaders(problem, 'an API problem');

  const missing = await get('/no-such-page');
  expect(missing.status()).toBe(404);
  expectSecurityHeaders(missing, 'a page that does not exist');

  const unavailable = await get('/error/e503');
  expect(unavailable.status()).toBe(503);
  expectSecurityHeaders(unavailable, 'the 503 page');

  const gate = await get('/account');
  expect(gate.status()).toBe(307);
  expectSecurityHeaders(gate, "the login gate's redirect");
});

test('pages load with no Content-Security-Policy violation', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the policy is the same for every device');
  await acceptCookiesUpFront(page);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) consoleViolations.push(message.text());
  });

  for (const path of ['/', '/go', '/go/1', '/login/email', '/en/a/place-search']) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy'], path).toContain("default-src 'self'");
    await waitForHydration(page);
    // The idea page's pictures and the listing's cards load through the optimizer; wait until the page is idle.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual(
      [],
    );
  }
  // In-app navigation runs the client router (RSC fetches, prefetches) under the same policy.
  await page.goto('/go');
  await waitForHydration(page);
  await page.locator('main a[href*="/go/"]').first().click();
  await expect(page).toHaveURL(/\/go\/[^/?]+$/);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(consoleViolations).toEqual([]);
});
