import { NextResponse } from 'next/server';
import { messageBody } from '@/lib/contract/conversations';
import { askAboutIdea } from '@/lib/server/conversations/write-message';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';

export const POST = apiRoute<{ id: string }>(
  async ({ request, params, language, viewer }) => {
    const { text } = await readJson(request, messageBody);
    return NextResponse.json(await askAboutIdea(params.id, viewer, text, language), { status: 201 });
  },
  { viewer: 'required' },
);
