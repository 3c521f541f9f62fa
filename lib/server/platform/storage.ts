import 'server-only';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir, env } from './env';
import { s3Storage } from './s3-storage';
import { isSafeKey, type FileStorage } from './storage-driver';

export function localStorage(root = path.join(dataDir(), 'uploads')): FileStorage {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed into place: a reader never gets half a file, even while another process
      // stores the same key (a seed picture rendered on first request by two instances at once).
      const partial = `${file}.${randomUUID()}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
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
    // The local disk is the process's own: if it fails, so does the process.
    async ready() {},
  };
}

let storage: FileStorage | undefined;
/** The configured storage: local disk by default, an S3-compatible bucket when S3_BUCKET is set. */
export function fileStorage(): FileStorage {
  if (!storage) {
    const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE } = env();
    // env() admits S3_BUCKET only together with both keys.
    storage = S3_BUCKET
      ? s3Storage({
          endpoint: S3_ENDPOINT,
          bucket: S3_BUCKET,
          region: S3_REGION,
          accessKeyId: S3_ACCESS_KEY_ID!,
          secretAccessKey: S3_SECRET_ACCESS_KEY!,
          forcePathStyle: S3_FORCE_PATH_STYLE,
        })
      : localStorage();
  }
  return storage;
}

/** The two sizes every picture is stored in. */
export const imageKeys = (base: string) => ({ cover: `${base}-cover.webp`, large: `${base}-large.webp` });

/** Public URL of a stored file (served by app/media/[...key]/route.ts). */
export const mediaUrl = (key: string) => `/media/${key}`;
