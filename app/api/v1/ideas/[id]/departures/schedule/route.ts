import { NextResponse } from 'next/server';
import { scheduleBody } from '@/lib/contract/departures';
import { scheduleIdeaDepartures } from '@/lib/server/departures/schedule-departures';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';

export const POST = apiRoute<{ id: string }>(
  async ({ request, params, viewer }) => {
    const body = await scheduleIdeaDepartures(params.id, await readJson(request, scheduleBody), viewer);
    return NextResponse.json(body, { status: body.data.created ? 201 : 200 });
  },
  { viewer: 'required' },
);
