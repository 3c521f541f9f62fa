import { NextResponse } from 'next/server';
import { messageBody, messagesQuery } from '@/lib/contract/conversations';
import { messagesPage } from '@/lib/server/conversations/read-conversations';
import { writeInConversation } from '@/lib/server/conversations/write-message';
import { readJson } from '@/lib/server/http/body';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';

export const GET = apiRoute<{ hid: string }>(
  async ({ request, params, language, viewer }) =>
    messagesPage(params.hid, messagesQuery.parse(queryObject(request)), viewer, language),
  { viewer: 'required' },
);

export const POST = apiRoute<{ hid: string }>(
  async ({ request, params, language, viewer }) => {
    const { text } = await readJson(request, messageBody);
    return NextResponse.json(await writeInConversation(params.hid, viewer, text, language), { status: 201 });
  },
  { viewer: 'required' },
);
