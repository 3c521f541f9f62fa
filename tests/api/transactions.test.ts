import { describe, expect, it } from 'vitest';
import { transaction } from '@/lib/server/db';
import { contentVersion } from '@/lib/server/db/schema';
import { apiDatabaseForFile } from '../support/api';

apiDatabaseForFile();

/** What drizzle throws when PostgreSQL picked the transaction as a deadlock victim. */
const deadlock = () =>
  Object.assign(new Error('Failed query: update "idea_dates" …'), {
    cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
  });

describe('the shared transaction helper', () => {
  it('runs a transaction that lost a deadlock again, and its result is the answer', async () => {
    let attempts = 0;
    const version = await transaction(async (tx) => {
      attempts++;
      const [row] = await tx.select().from(contentVersion);
      if (attempts === 1) throw deadlock();
      return row.version;
    });
    expect(attempts).toBe(2);
    expect(version).toBeGreaterThan(0);
  });

  it('gives up after 3 attempts, and never repeats other errors', async () => {
    let attempts = 0;
    await expect(
      transaction(async () => {
        attempts++;
        throw deadlock();
      }),
    ).rejects.toThrow('Failed query');
    expect(attempts).toBe(3);

    attempts = 0;
    await expect(
      transaction(async () => {
        attempts++;
        throw new Error('a bug');
      }),
    ).rejects.toThrow('a bug');
    expect(attempts).toBe(1);
  });
});
