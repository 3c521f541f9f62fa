import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, apiDatabaseForFile } from '../support/api';

const TEST_ROUTES_DIR = path.resolve(__dirname, '../../app/api/v1/test');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every route file under app/api/v1/test/, as its URL path below /api/v1/test. */
function testRouteFiles(): string[] {
  return readdirSync(TEST_ROUTES_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'route.ts')
    .map((file) => path.dirname(file));
}

// This file's process is a production deployment that happens to have the test SMS and email drivers configured.
apiDatabaseForFile({
  APP_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
  SMS_DRIVER: 'outbox',
  EMAIL_DRIVER: 'outbox',
});

describe('test routes under APP_ENV=production', () => {
  it('finds the test routes', () => {
    expect(testRouteFiles()).toEqual(expect.arrayContaining(['sms-outbox', 'email-outbox', 'jobs/run-due']));
  });

  it('answer 404 to every method of every test route, whatever the SMS and email drivers', async () => {
    for (const route of testRouteFiles()) {
      // By its absolute path: a template of Vite's dynamic imports reaches one folder deep, and run-due is in jobs/.
      const routeModule = (await import(/* @vite-ignore */ path.join(TEST_ROUTES_DIR, route, 'route.ts'))) as Partial<
        Record<(typeof METHODS)[number], Parameters<typeof call>[0]>
      >;
      const handlers = METHODS.filter((method) => routeModule[method]);
      expect(handlers.length, route).toBeGreaterThan(0);
      for (const method of handlers) {
        const result = await call(
          routeModule[method]!,
          `/api/v1/test/${route}?phone=%2B79141234567&to=someone%40example.com`,
          { method },
        );
        expect(result.status, `${method} /api/v1/test/${route}`).toBe(404);
        expect(result.headers.get('content-type')).toContain('application/problem+json');
      }
    }
  });
});
