import { AsyncLocalStorage } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { cachedAnswer } from '@/lib/server/cache/answer-cache';
import { apiDatabaseForFile } from '../support/api';

apiDatabaseForFile();

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
    // Asked twice: an answer is kept from its second ask.
    for (let ask = 0; ask < 2; ask++)
      await requestState.run(state, () => cachedAnswer('test|request-state', async () => ({ answer: 42 })));
  })();
  await fullCollection();
  await fullCollection();
  expect(request!.deref()).toBeUndefined();
  expect(await cachedAnswer('test|request-state', async () => ({ answer: 0 }))).toEqual({ answer: 42 });
});

/** A computation that counts how often it ran. */
function counted<T>(value: T) {
  const compute = async () => {
    compute.runs++;
    return value;
  };
  compute.runs = 0;
  return compute;
}

it('keeps an answer from its second ask, so answers asked once do not fill the cache', async () => {
  const compute = counted({ page: 1 });
  for (let ask = 0; ask < 4; ask++) expect(await cachedAnswer('test|second-ask', compute)).toEqual({ page: 1 });
  expect(compute.runs).toBe(2);
});

it('keeps a sitemap-like answer from its first ask when asked to', async () => {
  const compute = counted(['chunk']);
  for (let ask = 0; ask < 3; ask++) await cachedAnswer('test|keep-first', compute, { keepFirst: true });
  expect(compute.runs).toBe(1);
});

it('a stream of one-off keys (a crawler walking date ranges) does not push out an answer asked again and again', async () => {
  const popular = counted('popular');
  await cachedAnswer('test|popular', popular);
  await cachedAnswer('test|popular', popular);
  const runsBefore = popular.runs;
  for (let range = 0; range < 2_000; range++) await cachedAnswer(`test|one-off|${range}`, async () => range);
  await cachedAnswer('test|popular', popular);
  expect(popular.runs).toBe(runsBefore);
});
