import 'server-only';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from './env';

/** Where uploaded and generated files live. Local disk by default; one small interface to swap for S3. */
export interface FileStorage {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(webp|jpg|png)$/i;

/** Keys are relative paths like `ideas/ab12-0-cover.webp`; anything that could leave the folder is refused. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//');
}

export function localStorage(root = path.join(dataDir(), 'uploads')): FileStorage {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch {
        return null;
      }
    },
    async exists(key) {
      try {
        return (await stat(resolve(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}

let storage: FileStorage | undefined;
export function fileStorage(): FileStorage {
  storage ??= localStorage();
  return storage;
}

/** The two sizes every picture is stored in. */
export const imageKeys = (base: string) => ({ cover: `${base}-cover.webp`, large: `${base}-large.webp` });

/** Public URL of a stored file (served by app/media/[...key]/route.ts). */
export const mediaUrl = (key: string) => `/media/${key}`;
