import 'server-only';
import type { NextRequest } from 'next/server';
import type { z } from 'zod';
import { ApiError, invalid } from './problem';

const MAX_JSON_BYTES = 64 * 1024;

/** Reads and validates a JSON body: 415 for another type, 413 when huge, 422 for bad JSON or fields. */
export async function readJson<T extends z.ZodType>(request: NextRequest, schema: T): Promise<z.infer<T>> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) {
    throw new ApiError(415, 'Unsupported media type', 'Send the body as application/json.');
  }
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) throw new ApiError(413, 'Payload too large', `The body may be at most ${MAX_JSON_BYTES} bytes.`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw invalid({ _: ['The body is not valid JSON.'] });
  }
  return schema.parse(data);
}
