import { createClient } from 'redis';

/** The tests' Redis: TEST_REDIS_URL, by default database 1 of 127.0.0.1:6379. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';

/** Whether a Redis answers at `url` within a second (the tests that need one are skipped, saying so, otherwise). */
export async function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 1_000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    if (client.isOpen) client.destroy();
  }
}
