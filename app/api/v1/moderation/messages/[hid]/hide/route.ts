import { NextResponse } from 'next/server';
import { hideMessage } from '@/lib/server/conversations/moderate-messages';
import { apiRoute } from '@/lib/server/routes/api-route';

export const POST = apiRoute<{ hid: string }>(
  async ({ params, viewer }) => {
    await hideMessage(params.hid, viewer);
    return new NextResponse(null, { status: 204 });
  },
  { viewer: 'moderator', forbidden: 'Only moderators hide messages.' },
);
