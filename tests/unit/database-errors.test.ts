import { describe, expect, it } from 'vitest';
import { toProblem } from '@/lib/server/http/problem';

/** What drizzle throws: its own error, with the driver's error as the cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('database failures as API answers', () => {
  it.each([
    [
      'the server shutting down (57P01)',
      wrapped(pgError('57P01', 'terminating connection due to administrator command')),
    ],
    ['the server starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['a statement timeout (57014)', wrapped(pgError('57014', 'canceling statement due to statement timeout'))],
    ['a connection exception (08006)', pgError('08006', 'connection failure')],
    [
      'a refused connection',
      Object.assign(
        new AggregateError([
          pgError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432'),
          pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
        ]),
        { code: 'ECONNREFUSED' },
      ),
    ],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a dropped connection', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a client-side query timeout', new Error('Query read timeout')],
  ])('%s is a 503 problem with Retry-After', async (_, error) => {
    const response = toProblem(error);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ status: 503, title: 'Service unavailable' });
  });

  it.each([
    ['a bug in the code', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a failed query that is not an outage', wrapped(pgError('42703', 'column "nope" does not exist'))],
  ])('%s stays a 500', (_, error) => {
    expect(toProblem(error).status).toBe(500);
  });
});
