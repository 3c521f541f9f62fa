import { AsyncLocalStorage } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cachedAnswer } from '@/lib/server/cache/answer-cache';
import { setupApiDatabase } from '../support/api';

let database: Awaited<ReturnType<typeof setupApiDatabase>>;
beforeAll(async () => {
  database = await setupApiDatabase();
});
afterAll(() => database.dispose());

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
/** A full collection once the current job is over (a WeakRef keeps its target until then). */
async function fullCollection() {
  await new Promise((resolve) => setTimeout(resolve, 0));
  collectGarbage();
}

it('a kept answer does not keep the request that computed it', async () => {
  // Next keeps each request's state in AsyncLocalStorage; a promise made during the request holds that state.
  const requestState = new AsyncLocalStorage<{ rendered: string[] }>();
  let request: WeakRef<object> | undefined;
  await (async () => {
    const state = { rendered: Array.from({ length: 1_000 }, (_, i) => `row ${i}`) };
    request = new WeakRef(state);
    await requestState.run(state, () => cachedAnswer('test|request-state', async () => ({ answer: 42 })));
  })();
  await fullCollection();
  await fullCollection();
  expect(request!.deref()).toBeUndefined();
  expect(await cachedAnswer('test|request-state', async () => ({ answer: 0 }))).toEqual({ answer: 42 });
});
