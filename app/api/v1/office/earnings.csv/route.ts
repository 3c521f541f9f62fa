import { NextResponse } from 'next/server';
import { monthQuery } from '@/lib/contract/earnings';
import { earningsCsv } from '@/lib/server/earnings/earnings-csv';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';

export const GET = apiRoute(
  async ({ request, language, viewer }) => {
    const { filename, body } = await earningsCsv(monthQuery.parse(queryObject(request)), viewer, language);
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
