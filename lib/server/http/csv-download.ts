import 'server-only';
import { NextResponse } from 'next/server';

/** A CSV file the browser downloads under `filename`, private to the signed-in person who asked for it. */
export function csvDownload({ filename, body }: { filename: string; body: string }): NextResponse {
  return new NextResponse(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}
