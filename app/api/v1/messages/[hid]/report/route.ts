import { NextResponse } from 'next/server';
import { reportMessageBody } from '@/lib/contract/conversations';
import { reportMessage } from '@/lib/server/conversations/moderate-messages';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';

export const POST = apiRoute<{ hid: string }>(
  async ({ request, params, viewer }) => {
    const { reason } = await readJson(request, reportMessageBody);
    await reportMessage(params.hid, viewer, reason);
    return new NextResponse(null, { status: 204 });
  },
  { viewer: 'required' },
);
