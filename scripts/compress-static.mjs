// Precompressed copies of the build's static text files (`.next/static`), for the front: deploy/nginx.conf serves
// `NAME.br` to browsers that accept brotli and `NAME.gz` to the others (brotli_static, gzip_static). The files are
// immutable per build, so the slowest, smallest levels are paid once here instead of on every request: brotli 11 is
// 12 % smaller than gzip 9 on this app's scripts, which nginx could not afford per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
/** nginx's gzip_min_length: smaller files gain less than the headers cost. */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (COMPRESSIBLE.test(entry.name)) yield file;
  }
}

/** A copy is current when it is newer than its source: a rebuild rewrites the sources. */
async function isCurrent(source, copy) {
  try {
    return (await stat(copy)).mtimeMs >= (await stat(source)).mtimeMs;
  } catch {
    return false;
  }
}

async function compressFile(file) {
  if ((await isCurrent(file, `${file}.br`)) && (await isCurrent(file, `${file}.gz`))) return 0;
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return 1;
}

/**
 * Writes the missing or stale `.br` and `.gz` copies under `dir`; resolves with how many files it compressed.
 * zlib's asynchronous calls run on libuv's thread pool, so the files are compressed on every core.
 */
export async function compressStatic(dir) {
  const pending = [];
  for await (const file of files(dir)) pending.push(compressFile(file));
  return (await Promise.all(pending)).reduce((sum, done) => sum + done, 0);
}
