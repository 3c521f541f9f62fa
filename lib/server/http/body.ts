import 'server-only';
import type { NextRequest } from 'next/server';
import type { z } from 'zod';
import { ApiError, invalid } from './problem';
import { rejectNul } from './text-input';

export const MAX_JSON_BYTES = 64 * 1024;

/**
 * A 413 that also closes the connection: otherwise Node would go on reading (and discarding) the rest of a
 * huge body to keep the connection alive for the next request.
 */
export const payloadTooLarge = (detail: string) =>
  new ApiError(413, 'Payload too large', detail, undefined, { connection: 'close' });

/**
 * The whole body, read chunk by chunk and given up (413) as soon as it grows past `limit` bytes, so a huge
 * or endless body, chunked or not, never sits in memory. A Content-Length over the limit is refused unread.
 */
export async function readBodyLimited(request: Request, limit: number, detail: string): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? '');
  if (declared > limit) throw payloadTooLarge(detail);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  request.signal?.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch {
        throw new ApiError(400, 'Bad request', 'The body was not received completely.');
      }
      if (next.done) break;
      size += next.value.byteLength;
      if (size > limit) {
        stop();
        throw payloadTooLarge(detail);
      }
      chunks.push(next.value);
    }
  } finally {
    request.signal?.removeEventListener('abort', stop);
  }
  return Buffer.concat(chunks, size);
}

/** Reads and validates a JSON body: 415 for another type, 413 when huge, 422 for bad JSON, NUL characters or fields. */
export async function readJson<T extends z.ZodType>(request: NextRequest, schema: T): Promise<z.infer<T>> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) {
    throw new ApiError(415, 'Unsupported media type', 'Send the body as application/json.');
  }
  const bytes = await readBodyLimited(request, MAX_JSON_BYTES, `The body may be at most ${MAX_JSON_BYTES} bytes.`);
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalid({ _: ['The body is not valid JSON.'] });
  }
  rejectNul(data);
  return schema.parse(data);
}
