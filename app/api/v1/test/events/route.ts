import { NextResponse } from 'next/server';
import { testEventBody } from '@/lib/contract/events';
import { transaction } from '@/lib/server/db';
import { eventsRecorded, recordEvent } from '@/lib/server/events/record-event';
import { readJson } from '@/lib/server/http/body';
import { testRoute } from '@/lib/server/routes/test-route';

/** Test support (benchmark, cluster test): records an event for these users and wakes their streams. */
export const POST = testRoute(async ({ request }) => {
  const { user_ids, type, payload } = await readJson(request, testEventBody);
  await transaction((tx) => recordEvent(tx, user_ids, type, payload));
  eventsRecorded();
  return new NextResponse(null, { status: 204 });
});
