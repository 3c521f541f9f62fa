import { NextResponse } from 'next/server';
import { createBookingBody } from '@/lib/contract/bookings';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { createBooking } from '@/lib/server/bookings/create-booking';

export const POST = apiRoute(
  async ({ request, language, viewer }) => {
    const { resource, paymentUrl } = await createBooking(await readJson(request, createBookingBody), viewer, language);
    // Paid online: the traveller goes on to the gateway's page (meta.payment_url), then back to the booking.
    return NextResponse.json(
      { data: resource, ...(paymentUrl ? { meta: { payment_url: paymentUrl } } : {}) },
      { status: 201 },
    );
  },
  { viewer: 'required' },
);
