import { NextResponse } from 'next/server';
import { manifestCsv } from '@/lib/server/departures/manifest-csv';
import { apiRoute } from '@/lib/server/routes/api-route';

export const GET = apiRoute<{ id: string }>(
  async ({ params, language, viewer }) => {
    const { filename, body } = await manifestCsv(params.id, viewer, language);
    return new NextResponse(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'private, no-store',
      },
    });
  },
  { viewer: 'required' },
);
