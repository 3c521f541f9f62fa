import { NextResponse } from 'next/server';
import { proposeBody } from '@/lib/contract/private-bookings';
import { proposePrivateBooking } from '@/lib/server/bookings/private-booking';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';

export const POST = apiRoute<{ id: string }>(
  async ({ request, params, language, viewer }) => {
    const body = await readJson(request, proposeBody);
    const { resource, paymentUrl } = await proposePrivateBooking(params.id, body, viewer, language);
    return NextResponse.json(
      { data: resource, ...(paymentUrl ? { meta: { payment_url: paymentUrl } } : {}) },
      { status: 201 },
    );
  },
  { viewer: 'required' },
);
