import { z } from 'zod';
import { createBookingBody, declineBookingBody, userBookingsQuery } from '../bookings';
import { availabilityQuery, availabilityResponse, counterProposeBody, proposeBody } from '../private-bookings';
import {
  queryParameters,
  pathParameter,
  problemResponse,
  post,
  unauthorized,
  owners,
  ownLists,
  idParameter,
  ok,
} from './helpers';

/** Bookings: booking seats, one booking, cancelling, and a user's bookings. */
export const bookingPaths = () => ({
  '/bookings': post(
    "Book seats on a departure (seats are taken atomically; 409 when too few); the booking keeps the idea's cancellation policy. With online payment (PAYMENT_DRIVER) the booking holds its seats as `awaiting_payment` for PAYMENT_HOLD_MINUTES, the amount is the server's own share of its total (PAYMENT_MODE, PREPAY_PERCENT), and `meta.payment_url` is the gateway's page; `attributes.payment` says what is paid online and what to the guide on the day",
    createBookingBody,
    null,
    {
      '201': { description: 'The booking, with `meta.payment_url` when it is paid online' },
      '503': problemResponse('The payment gateway could not open a payment: nothing was booked, the seats are free'),
      '409': problemResponse('Too few seats left, or the idea is your own'),
      '429': problemResponse(
        'Too many bookings and cancellations by this account (10 in 10 minutes, 3 an hour on one departure); Retry-After says when',
      ),
      ...unauthorized,
    },
  ),
  '/bookings/{hid}': {
    get: {
      summary: 'One booking (traveller, idea author or moderator)',
      parameters: [pathParameter('hid', z.string())],
      responses: { '200': { description: 'The booking' }, ...owners },
    },
  },
  '/bookings/{hid}/cancel': {
    post: {
      summary:
        'Cancel a request before the start, or a confirmed booking for free under its own policy (until 24 h, 72 h or 7 days before the start); the seats go back',
      parameters: [pathParameter('hid', z.string())],
      responses: {
        '200': { description: 'The cancelled booking' },
        '409': problemResponse(
          'Already cancelled, started, non-refundable, or past its free-cancellation deadline (the detail says which)',
        ),
        ...owners,
      },
    },
  },
  '/bookings/{hid}/pay': post(
    "The traveller opens the gateway's page again while the booking waits for its payment (`meta.payment_url`); the same pending payment, never a second one",
    null,
    null,
    {
      '200': { description: '`meta.payment_url`' },
      '409': problemResponse('The booking is not waiting for a payment'),
      '503': problemResponse('The payment gateway did not answer: the booking is given up and its seats are free'),
      ...owners,
    },
    [pathParameter('hid', z.string())],
  ),
  '/bookings/{hid}/accept': post(
    'The guide of the idea confirms a request (docs/booking-states.md); its seats stay taken',
    null,
    null,
    {
      '200': { description: 'The confirmed booking' },
      '409': problemResponse(
        'No longer requested: answered, cancelled or expired meanwhile (of two racing moves, one wins)',
      ),
      ...unauthorized,
      '403': problemResponse('The traveller or a moderator: only the guide answers'),
      '404': problemResponse('No such booking of your ideas'),
    },
    [pathParameter('hid', z.string())],
  ),
  '/bookings/{hid}/decline': post(
    'The guide of the idea declines a request with a message the traveller reads; its seats go back',
    declineBookingBody,
    null,
    {
      '200': { description: 'The declined booking (end_reason is the message)' },
      '409': problemResponse('No longer requested: answered, cancelled or expired meanwhile'),
      ...unauthorized,
      '403': problemResponse('The traveller or a moderator: only the guide answers'),
      '404': problemResponse('No such booking of your ideas'),
    },
    [pathParameter('hid', z.string())],
  ),
  '/ideas/{id}/availability': {
    get: {
      summary:
        "A private idea's free start times, each local day of the range (Asia/Vladivostok, `HH:MM`): the guide's weekly windows, minus blocked days, starts sooner than 12 hours, and times other bookings hold (docs/booking-states.md). Cached like the other idea reads, and changed at once by every booking, answer and save of the editor",
      parameters: [idParameter, ...queryParameters(availabilityQuery)],
      responses: {
        '200': ok(availabilityResponse, 'Every day of the range with its free times'),
        '404': problemResponse('No such published private idea'),
        '422': problemResponse('A bad range: from after to, or more than 62 days'),
      },
    },
  },
  '/ideas/{id}/proposals': post(
    "Propose a private trip: a free start time (local day and `HH:MM`) for a group of up to the idea's max_persons, for the idea's price per group. The booking is `requested` (or `awaiting_payment` first when paid online) and holds its time for everyone else: of two proposals of overlapping times, one wins",
    proposeBody,
    null,
    {
      '201': { description: 'The requested booking, `attributes.proposal` the time proposed' },
      '409': problemResponse('The time has just been taken, or the idea is your own'),
      '422': problemResponse('Not one of the free times, too soon or too far ahead, too many people'),
      '404': problemResponse('No such published private idea'),
      ...unauthorized,
    },
    [idParameter],
  ),
  '/bookings/{hid}/availability': {
    get: {
      summary:
        "For the guide's counter-proposal: the free start times a private booking may move to, each local day of the range (Asia/Vladivostok, `HH:MM`). As `/ideas/{id}/availability`, but the booking's own time is free: only other bookings' times are taken",
      parameters: [pathParameter('hid', z.string()), ...queryParameters(availabilityQuery)],
      responses: {
        '200': ok(availabilityResponse, 'Every day of the range with the times the booking may move to'),
        '422': problemResponse('A bad range, or not a private booking'),
        ...unauthorized,
        '403': problemResponse('The traveller or a moderator: only the guide moves a booking'),
        '404': problemResponse('No such booking of your ideas'),
      },
    },
  },
  '/bookings/{hid}/counter-propose': post(
    "The guide of a private idea answers a request with another free time: the booking becomes `countered`, holds the guide's time (the traveller's is free again) and waits for the traveller until `respond_by`",
    counterProposeBody,
    null,
    {
      '200': { description: 'The countered booking' },
      '409': problemResponse('No longer requested, or the time has just been taken'),
      '422': problemResponse('Not one of the free times, or not a private booking'),
      ...unauthorized,
      '403': problemResponse('The traveller or a moderator: only the guide answers'),
      '404': problemResponse('No such booking of your ideas'),
    },
    [pathParameter('hid', z.string())],
  ),
  '/bookings/{hid}/accept-counter': post(
    "The traveller accepts the guide's other time: the booking is confirmed",
    null,
    null,
    {
      '200': { description: 'The confirmed booking' },
      '409': problemResponse('Not countered: accepted, cancelled or expired meanwhile (of two racing moves, one wins)'),
      ...owners,
      '403': problemResponse("The guide or a moderator: only the traveller accepts the guide's time"),
    },
    [pathParameter('hid', z.string())],
  ),
  '/office/requests': {
    get: {
      summary: "Requests waiting for the signed-in guide's answer, on all their ideas, the nearest deadline first",
      responses: { '200': { description: 'Bookings in the requested state' }, ...unauthorized },
    },
  },
  '/users/{id}/bookings': {
    get: {
      summary: 'Your bookings, or (as=author) bookings of your ideas',
      parameters: [idParameter, ...queryParameters(userBookingsQuery)],
      responses: { '200': { description: 'Bookings' }, ...ownLists },
    },
  },
});
