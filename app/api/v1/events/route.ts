import { apiRoute } from '@/lib/server/routes/api-route';
import { openEventStream } from '@/lib/server/events/event-stream';

export const dynamic = 'force-dynamic';

/** The signed-in user's live events (Server-Sent Events); see lib/server/events/event-stream.ts. */
export const GET = apiRoute(
  ({ request, viewer }) => openEventStream(viewer, request.headers.get('last-event-id'), request.signal),
  { viewer: 'required' },
);
