import { messageGuestsBody } from '@/lib/contract/departures';
import { messageGuests } from '@/lib/server/departures/message-guests';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';

export const POST = apiRoute<{ id: string }>(
  async ({ request, params, viewer }) => {
    const { text } = await readJson(request, messageGuestsBody);
    return messageGuests(params.id, text, viewer);
  },
  { viewer: 'required' },
);
