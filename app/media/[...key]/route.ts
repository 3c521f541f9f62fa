import { NextResponse, type NextRequest } from 'next/server';
import { toProblem } from '@/lib/server/http/problem';
import { fileStorage } from '@/lib/server/platform/storage';
import { contentTypeOf, isSafeKey } from '@/lib/server/platform/storage-driver';

/** The demo content and its picture generator load only when a picture is missing, not with every route. */
async function renderMissingDemoPicture(key: string): Promise<Buffer | null> {
  const { renderMissingSeedPicture } = await import('@/lib/server/demo/seed-pictures');
  return renderMissingSeedPicture(key);
}

/**
 * Stored pictures; a seeded idea's gallery pictures are rendered on their first request. Keys never change their
 * content, so they are cached for a year.
 */
export async function GET(_request: NextRequest, { params }: { params: Promise<{ key: string[] }> }) {
  const key = (await params).key.join('/');
  let body: Buffer | null = null;
  try {
    if (isSafeKey(key)) body = (await fileStorage().get(key)) ?? (await renderMissingDemoPicture(key));
  } catch (error) {
    // A bucket that does not answer: 503 with Retry-After, which no cache keeps.
    return toProblem(error);
  }
  if (!body) return new NextResponse('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
  return new NextResponse(new Uint8Array(body), {
    headers: {
      'content-type': contentTypeOf(key),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}
