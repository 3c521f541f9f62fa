import { NextResponse } from 'next/server';
import { blockSender } from '@/lib/server/conversations/moderate-messages';
import { apiRoute } from '@/lib/server/routes/api-route';

export const POST = apiRoute<{ hid: string }>(
  async ({ params, viewer }) => {
    await blockSender(params.hid, viewer);
    return new NextResponse(null, { status: 204 });
  },
  { viewer: 'moderator', forbidden: 'Only moderators block users from messaging.' },
);
