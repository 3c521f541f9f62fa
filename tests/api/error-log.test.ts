import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { apiRoute } from '@/lib/server/routes/api-route';
import { call } from '../support/api';

/** The process's logger, writing its JSON lines here instead of to stdout. */
function captureLog(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  ((globalThis as { __sopkaLogger?: { logger?: pino.Logger } }).__sopkaLogger ??= {}).logger = pino(sink);
  return lines;
}

describe('an unexpected error in an API route', () => {
  it('answers 500 problem+json without details, and logs the error with its stack and the request id', async () => {
    const lines = captureLog();
    const route = apiRoute(async () => {
      throw new Error('the disk caught fire');
    });
    const result = await call(route, '/api/v1/ideas?token=query-secret', {
      headers: { 'x-request-id': 'error-test-0001', authorization: 'Bearer header-secret' },
    });
    expect(result.status).toBe(500);
    expect(result.contentType).toContain('application/problem+json');
    expect(JSON.stringify(result.body)).not.toContain('disk');

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, requestId: 'error-test-0001', method: 'GET', path: '/api/v1/ideas' });
    const err = lines[0].err as { message: string; stack: string };
    expect(err.message).toBe('the disk caught fire');
    expect(err.stack).toContain('error-log.test.ts');
    expect(JSON.stringify(lines)).not.toMatch(/query-secret|header-secret/);
  });

  it('logs nothing for an answer the client caused (a 404)', async () => {
    const lines = captureLog();
    const { notFound } = await import('@/lib/server/http/problem');
    const route = apiRoute(async () => {
      throw notFound();
    });
    expect((await call(route, '/api/v1/ideas/x')).status).toBe(404);
    expect(lines).toHaveLength(0);
  });
});
