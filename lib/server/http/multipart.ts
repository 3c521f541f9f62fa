import 'server-only';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import busboy from 'busboy';
import { dataDir } from '../platform/env';
import { payloadTooLarge } from './body';
import { ApiError, invalid } from './problem';

/** A file received from a multipart body, spooled to a temporary file that lives while `handle` runs. */
export interface SpooledFile {
  /** The temporary file's path: read it (sharp reads files without loading them whole), do not keep it. */
  path: string;
  size: number;
}

export interface MultipartOptions {
  /** The form field carrying the file; other parts are read past, not kept. */
  field: string;
  /** The most the file may weigh: one byte more is a 413. */
  maxFileBytes: number;
  /** The most the whole body may weigh, file, boundaries and part headers together. */
  maxBodyBytes: number;
  /** The 413's detail. */
  tooLarge: string;
  /** The 422's message when the body holds no file in `field`. */
  missing: string;
}

/** Where received files wait while they are handled: on the data volume, as the uploads themselves. */
export const spoolDirectory = () => path.join(dataDir(), 'tmp', 'uploads');

/** A temporary file older than this is a crashed process's: removed when a process first spools a file. */
const STALE_SPOOL_MS = 60 * 60 * 1000;
/**
 * Parts beside the file are not used: a few small fields and files are read past (and dropped), more are refused.
 * Of several files in the field, the first counts, as FormData.get() would take it.
 */
const LIMITS = { files: 4, fields: 16, parts: 20, fieldSize: 8 * 1024, headerPairs: 32 };

const prepared = new Map<string, Promise<void>>();

/**
 * A body arrives as short-lived chunk buffers (64 kB each, copied once more on the way to the route) whose JavaScript
 * wrappers are tiny: the young generation seldom fills, so V8 frees the chunks only when their outside-the-heap
 * memory forces a full collection, after tens of megabytes. 8 uploads refused at their 10 MB limit raised RSS by
 * 63–88 MB; a minor collection (a scavenge, 1–3 ms) every few megabytes received keeps it at 10–20 (bench:uploads).
 */
const SCAVENGE_EVERY_BYTES = 4 * 1024 * 1024;
let receivedSinceScavenge = 0;
const scavenge = exposedGc();

function exposedGc(): ((options: { type: 'minor' }) => void) | undefined {
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc');
  } catch {
    return undefined;
  }
}

function countReceived(bytes: number): void {
  receivedSinceScavenge += bytes;
  if (receivedSinceScavenge < SCAVENGE_EVERY_BYTES || !scavenge) return;
  receivedSinceScavenge = 0;
  scavenge({ type: 'minor' });
}

/** Creates the spool directory once per process and clears what a crashed process left there. */
function prepareSpool(directory: string): Promise<void> {
  let ready = prepared.get(directory);
  if (!ready) {
    ready = (async () => {
      await mkdir(directory, { recursive: true });
      const cutoff = Date.now() - STALE_SPOOL_MS;
      for (const name of await readdir(directory)) {
        const file = path.join(directory, name);
        try {
          if ((await stat(file)).mtimeMs < cutoff) await rm(file, { force: true });
        } catch {
          // Removed meanwhile by another process sharing the volume.
        }
      }
    })();
    ready.catch(() => prepared.delete(directory));
    prepared.set(directory, ready);
  }
  return ready;
}

const notReceived = () => new ApiError(400, 'Bad request', 'The body was not received completely.');

/**
 * Streams the request's multipart body through busboy and spools the file of `options.field` into a temporary file
 * (never the whole body in memory), then runs `handle` with it and deletes the file whatever happens.
 * The body is given up as soon as it grows past its limits: 413 (with `connection: close`) for a file or a body too
 * large, or a Content-Length over the limit (refused unread); 422 for a broken body, too many parts, or no file in
 * the field; 400 when the client goes away before the end.
 */
export async function withMultipartFile<T>(
  request: Request,
  options: MultipartOptions,
  handle: (file: SpooledFile) => Promise<T>,
): Promise<T> {
  const broken = () => invalid({ [options.field]: ['The upload is broken. Try again.'] });
  const declared = Number(request.headers.get('content-length') ?? '');
  if (declared > options.maxBodyBytes) throw payloadTooLarge(options.tooLarge);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      // One byte over the file limit is what busboy reports (it reports reaching its limit, not passing it).
      limits: { ...LIMITS, fileSize: options.maxFileBytes + 1 },
    });
  } catch {
    throw broken();
  }
  if (!request.body) throw broken();

  const directory = spoolDirectory();
  await prepareSpool(directory);
  const file = path.join(directory, `${randomUUID()}.part`);

  // The first failure wins and interrupts whatever is awaited, so a refusal stops the reading at once. (Not a race
  // against one long-lived promise: each race would leave it a reaction holding the chunk it read until the end.)
  let failure: unknown;
  const interrupts = new Set<() => void>();
  const fail = (error: unknown) => {
    if (failure !== undefined) return;
    failure = error;
    for (const interrupt of interrupts) interrupt();
  };
  const untilFailure = <T>(promise: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const interrupt = () => reject(failure);
      if (failure !== undefined) return interrupt();
      interrupts.add(interrupt);
      promise.then(resolve, reject).finally(() => interrupts.delete(interrupt));
    });

  let spooled: Promise<void> | undefined;
  parser.on('file', (name, stream, info) => {
    // Only a part with a file name is a file, as for FormData; one without is a field and the file is missing.
    if (name !== options.field || info.filename === undefined || spooled) {
      stream.resume();
      return;
    }
    stream.once('limit', () => fail(payloadTooLarge(options.tooLarge)));
    spooled = pipeline(stream, createWriteStream(file, { flags: 'wx' }));
    // A body cut short breaks the file stream; a failed write (a full disk: a system error) is the server's fault,
    // a 500 logged by the route wrapper.
    spooled.catch((error) => fail(typeof error?.syscall === 'string' ? error : broken()));
  });
  const tooManyParts = () =>
    fail(invalid({ [options.field]: [`Too many parts: send the file in the field "${options.field}", alone.`] }));
  parser.on('filesLimit', tooManyParts);
  parser.on('fieldsLimit', tooManyParts);
  parser.on('partsLimit', tooManyParts);
  parser.on('error', () => fail(broken()));
  const parsed = new Promise<void>((resolve) => parser.once('finish', resolve));

  const reader = request.body.getReader();
  const onAbort = () => fail(notReceived());
  request.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let received = 0;
    for (;;) {
      const next = await untilFailure(
        reader.read().catch(() => {
          throw notReceived();
        }),
      );
      if (next.done) break;
      received += next.value.byteLength;
      countReceived(next.value.byteLength);
      if (received > options.maxBodyBytes) throw payloadTooLarge(options.tooLarge);
      if (!parser.write(next.value)) await untilFailure(new Promise((resolve) => parser.once('drain', resolve)));
    }
    parser.end();
    await untilFailure(parsed);
    if (!spooled) throw invalid({ [options.field]: [options.missing] });
    await untilFailure(spooled);
    request.signal?.removeEventListener('abort', onAbort);
    const { size } = await stat(file);
    return await handle({ path: file, size });
  } catch (error) {
    fail(error);
    throw failure;
  } finally {
    request.signal?.removeEventListener('abort', onAbort);
    if (failure !== undefined) {
      // Stop reading the client: the answer goes out with `connection: close` rather than after the rest.
      reader.cancel().catch(() => undefined);
      parser.destroy();
      await spooled?.catch(() => undefined);
    }
    await rm(file, { force: true });
  }
}
