import { describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { GET as ready } from '@/app/api/ready/route';
import { READINESS_TIMEOUT_MS, registerReadinessCheck } from '@/lib/server/ops/readiness';
import { call, apiDatabaseForFile } from '../support/api';

apiDatabaseForFile({ LOG_LEVEL: 'silent' });

describe('health and readiness', () => {
  it('answers liveness without touching a dependency, and is never cached', async () => {
    const result = await call(health, '/api/health');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'ok' });
    expect(result.headers.get('cache-control')).toBe('no-store');
  });

  it('is ready when the database answers', async () => {
    const result = await call(ready, '/api/ready');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'ok', checks: { database: 'ok' } });
    expect(result.headers.get('cache-control')).toBe('no-store');
  });

  it('names every dependency that fails or hangs, within the time limit, without the error text', async () => {
    registerReadinessCheck('queue', () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:5672')));
    registerReadinessCheck('mailer', () => new Promise(() => undefined));
    const started = Date.now();
    const result = await call(ready, '/api/ready');
    const elapsed = Date.now() - started;
    expect(result.status).toBe(503);
    expect(result.contentType).toContain('application/problem+json');
    expect(result.headers.get('cache-control')).toBe('no-store');
    expect(result.body.detail).toBe('Not ready: queue, mailer.');
    expect(result.body.errors).toEqual({ queue: ['error'], mailer: ['timeout'] });
    expect(JSON.stringify(result.body)).not.toContain('10.0.0.7');
    // Checks run in parallel: the hanging one bounds the answer, not the sum.
    expect(elapsed).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(READINESS_TIMEOUT_MS + 1_000);
  });
});
