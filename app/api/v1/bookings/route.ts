import { NextResponse } from 'next/server';
import { createBookingBody } from '@/lib/contract/bookings';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { createBooking } from '@/lib/server/bookings/create-booking';

export const POST = apiRoute(
  async ({ request, language, viewer }) => {
    const data = await createBooking(await readJson(request, createBookingBody), viewer, language);
    return NextResponse.json({ data }, { status: 201 });
  },
  { viewer: 'required' },
);
