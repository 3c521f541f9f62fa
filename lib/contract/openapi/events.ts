import { problemResponse, unauthorized } from './helpers';

/** The signed-in user's live events. */
export const eventPaths = () => ({
  '/events': {
    get: {
      summary:
        'Your live events as Server-Sent Events: `event:` message, read or booking, `data:` JSON, `id:` to resume with the Last-Event-ID header (the events after it are sent first); a comment every 25 s. Signed in by the bearer token, or by the session cookie alone (as a browser’s EventSource sends it)',
      parameters: [
        {
          name: 'Last-Event-ID',
          in: 'header',
          required: false,
          schema: { type: 'string', pattern: '^\\d+$' },
          description: 'The id of the last event received: the events after it (kept a day) are sent first',
        },
      ],
      responses: {
        '200': { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
        ...unauthorized,
        '429': problemResponse('Too many open streams for this account (Retry-After)'),
        '503': problemResponse('Too many open streams on this server, or it is restarting (Retry-After)'),
      },
    },
  },
});
