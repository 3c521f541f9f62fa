import { NextResponse, type NextRequest } from 'next/server';
import { fileStorage, isSafeKey } from '@/lib/server/platform/storage';

const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/** Stored pictures. Keys never change their content, so they are cached for a year. */
export async function GET(_request: NextRequest, { params }: { params: Promise<{ key: string[] }> }) {
  const key = (await params).key.join('/');
  const body = isSafeKey(key) ? await fileStorage().get(key) : null;
  if (!body) return new NextResponse('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
  return new NextResponse(new Uint8Array(body), {
    headers: {
      'content-type': TYPES[key.split('.').pop()!.toLowerCase()],
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}
