import 'server-only';

// What every storage driver (local disk in storage.ts, a bucket in s3-storage.ts) implements and obeys: apart from
// storage.ts, which picks the driver, so that a driver never imports the module that picks it.

/** Where uploaded and generated files live. */
export interface FileStorage {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Resolves when the storage answers now (readiness, lib/server/ops/readiness.ts). */
  ready(): Promise<void>;
}

/** The storage did not answer (a bucket down or refusing us); requests answer 503 rather than 500. */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(webp|jpg|png)$/i;

/** Keys are relative paths like `ideas/ab12-0-cover.webp`; anything that could leave the folder is refused. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//');
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/** The content type of a stored file, by the extension of its key (isSafeKey admits only these). */
export const contentTypeOf = (key: string) => CONTENT_TYPES[key.split('.').pop()!.toLowerCase()];
