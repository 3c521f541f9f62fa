import 'server-only';

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/** `promise`, or a TimeoutError when it has not settled within `ms` (the work itself is not stopped). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
