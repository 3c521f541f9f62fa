import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as register } from '@/app/api/v1/auth/register/route';
import { peerHeadersForTests } from '@/lib/server/ops/peer-address';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS } from '@/lib/server/demo/content/ideas';
import { call, apiDatabaseForFile } from '../support/api';

apiDatabaseForFile();

// In-process there is no socket: these are the headers instrumentation.ts stamps a real one's requests with.
let nextAddress = 0;
const freshAddress = () => `198.51.100.${++nextAddress}`;
const from = (peer: string, forwardedFor?: string) => ({
  ...peerHeadersForTests(peer),
  ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
});
const signIn = (email: string, password: string, headers: Record<string, string>) =>
  call(login, '/api/v1/auth/login', { json: { email, password }, headers });

describe('the client address of per-client limits (TRUST_PROXY_HOPS=0)', () => {
  it('ignores a forged X-Forwarded-For: a new value per request still hits the sign-in limit of the client', async () => {
    const peer = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      const result = await signIn(`nobody-${attempt}@example.com`, 'wrong-password', from(peer, `10.1.0.${attempt}`));
      statuses.push(result.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('ignores a peer address header the server did not stamp itself', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      const forged = {
        'x-sopka-peer-address': `10.3.0.${attempt}`,
        'x-sopka-peer-stamp': 'guessed',
        'x-forwarded-for': `10.3.0.${attempt}`,
      };
      statuses.push((await signIn(`someone-${attempt}@example.com`, 'wrong-password', forged)).status);
    }
    expect(statuses[30]).toBe(429);
  });

  it('ignores a forged X-Forwarded-For for the registration limit too', async () => {
    const peer = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const email = `forged-${attempt}@example.com`;
      const body = {
        name: 'Анна',
        email,
        password: 'sea-and-hills',
        passwordConfirm: 'sea-and-hills',
        acceptPolicy: true,
      };
      statuses.push(
        (await call(register, '/api/v1/auth/register', { json: body, headers: from(peer, `10.2.0.${attempt}`) }))
          .status,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('sign-in limits', () => {
  it('let the owner in at once from a fresh address after an attacker failed 100 times from many addresses', async () => {
    const email = SEED_AUTHORS[3].email;
    const attacker = Array.from({ length: 25 }, freshAddress);
    const statuses = new Set<number>();
    for (let attempt = 0; attempt < 100; attempt++) {
      statuses.add((await signIn(email, `guess-${attempt}`, from(attacker[attempt % attacker.length]))).status);
    }
    expect([...statuses].every((status) => status === 422 || status === 429)).toBe(true);
    const owner = await signIn(email, AUTHOR_PASSWORD, from(freshAddress()));
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
  });

  it('give a client that guesses on an account under attack a smaller budget', async () => {
    const email = SEED_AUTHORS[4].email;
    for (let attempt = 0; attempt < 20; attempt++) await signIn(email, `guess-${attempt}`, from(freshAddress()));
    const guesser = freshAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++)
      statuses.push((await signIn(email, `more-${attempt}`, from(guesser))).status);
    expect(statuses).toEqual([422, 422, 422, 429]);
  });

  it('stop one client guessing one account with 429 and Retry-After, even for the right password from it', async () => {
    const email = SEED_AUTHORS[1].email;
    const guesser = freshAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 10; attempt++)
      statuses.push((await signIn(email, `guess-${attempt}`, from(guesser))).status);
    expect(statuses.every((status) => status === 422)).toBe(true);
    const stopped = await signIn(email, `guess-10`, from(guesser));
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(email, AUTHOR_PASSWORD, from(guesser))).status).toBe(429);
    // Another client is not affected.
    expect((await signIn(email, AUTHOR_PASSWORD, from(freshAddress()))).status).toBe(200);
  });

  it('accept the right password after a few wrong ones, and start the client over for that account', async () => {
    const email = SEED_AUTHORS[2].email;
    const client = from(freshAddress());
    for (let attempt = 0; attempt < 9; attempt++)
      expect((await signIn(email, `typo-${attempt}`, client)).status).toBe(422);
    expect((await signIn(email, AUTHOR_PASSWORD, client)).status).toBe(200);
    for (let attempt = 0; attempt < 9; attempt++)
      expect((await signIn(email, `typo-again-${attempt}`, client)).status).toBe(422);
    expect((await signIn(email, AUTHOR_PASSWORD, client)).status).toBe(200);
  });

  it('count failures, not successes, against the client', async () => {
    const client = from(freshAddress());
    for (let attempt = 0; attempt < 35; attempt++)
      expect((await signIn(SEED_AUTHORS[0].email, AUTHOR_PASSWORD, client)).status).toBe(200);
  });
});
