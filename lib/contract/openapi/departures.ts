import { z } from 'zod';
import {
  cancelDepartureBody,
  departureDays,
  departuresQuery,
  manifestResponse,
  messageGuestsBody,
  scheduleBody,
  scheduleResponse,
} from '../departures';
import {
  errors,
  get,
  idParameter,
  jsonBody,
  ok,
  pathParameter,
  post,
  problemResponse,
  queryParameters,
  unauthorized,
} from './helpers';

const departureParameter = pathParameter('id', z.string().describe('The departure (idea date) id or hid'));
/** Another user's departure answers like an unknown one. */
const notYours = { ...unauthorized, '404': problemResponse("No such departure, or not one of the viewer's ideas") };
const guideOnly = { ...notYours, '403': problemResponse('A moderator may read the manifest but not change it') };

/** The guide's departures: the list by day, a departure's manifest (JSON and CSV), messages, cancelling, schedules. */
export const departurePaths = () => ({
  '/office/departures': get(
    "The signed-in guide's departures in a range of Vladivostok days (default four weeks from today, at most 92 days), grouped by day, with seats taken, requests waiting and bookings; `meta.next_from` is the day of the next departure after the range",
    departureDays,
    queryParameters(departuresQuery),
    unauthorized,
  ),
  '/office/departures/{id}': get(
    "A departure's manifest: each booking's name, guests, state and conversation; phone and email only once confirmed (the idea's author or a moderator)",
    manifestResponse,
    [departureParameter],
    notYours,
  ),
  '/office/departures/{id}/manifest.csv': {
    get: {
      summary:
        'The manifest as CSV for Excel: UTF-8 with a byte order mark, `;`-separated (the list separator of the Russian locale), CRLF lines; cells that would run as formulas (= + - @) start with an apostrophe',
      parameters: [departureParameter],
      responses: {
        '200': { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
        ...errors,
        ...notYours,
      },
    },
  },
  '/office/departures/{id}/message': post(
    'Write to all guests: one message from the guide into the conversation of every confirmed, requested or awaiting-payment booking (one per traveller), in one transaction; answers how many were sent',
    messageGuestsBody,
    z.object({ data: z.object({ sent: z.number().int() }) }),
    guideOnly,
    [departureParameter],
  ),
  '/office/departures/{id}/cancel': post(
    'Cancel a departure that has not started: every live booking on it is cancelled by the guide with the reason, each traveller gets a message and an email, and the departure leaves the idea page and listings; answers the manifest',
    cancelDepartureBody,
    manifestResponse,
    { ...guideOnly, '409': problemResponse('Already cancelled, or already started') },
    [departureParameter],
  ),
  '/ideas/{id}/departures/schedule': {
    post: {
      summary:
        'A repeating schedule (ISO weekdays × Vladivostok start times × a range of days, with seats per departure): `preview: true` lists the departures it would make; otherwise they are created in one transaction (201). Departures already at the same start are skipped; none is changed or deleted. At most 366 (more is a 422).',
      parameters: [idParameter],
      requestBody: jsonBody(scheduleBody),
      responses: {
        '200': ok(scheduleResponse, 'The preview'),
        '201': ok(scheduleResponse, 'The departures created'),
        ...errors,
        ...unauthorized,
        '403': problemResponse('Not the author of the idea'),
        '404': problemResponse('No such idea'),
      },
    },
  },
});
