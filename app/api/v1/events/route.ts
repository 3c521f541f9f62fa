import { apiRoute } from '@/lib/server/routes/api-route';
import { openEventStream } from '@/lib/server/events/event-stream';
import { requireStreamViewer } from '@/lib/server/accounts/auth-viewer';
import { readSessionCookie } from '@/lib/server/accounts/cookies';

export const dynamic = 'force-dynamic';

/**
 * The signed-in user's live events (Server-Sent Events); see lib/server/events/event-stream.ts. Signed in by the
 * bearer token or else the session cookie (a browser's EventSource sends no header); served before Next in a running
 * server (lib/server/events/serve-events.ts), here for in-process callers.
 */
export const GET = apiRoute(async ({ request }) =>
  openEventStream(
    await requireStreamViewer(request.headers.get('authorization'), readSessionCookie(request)),
    request.headers.get('last-event-id'),
    request.signal,
  ),
);
