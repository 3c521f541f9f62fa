import { z } from 'zod';
import { createBookingBody, userBookingsQuery } from '../bookings';
import {
  queryParameters,
  pathParameter,
  problemResponse,
  post,
  unauthorized,
  owners,
  ownLists,
  idParameter,
} from './helpers';

/** Bookings: booking seats, one booking, cancelling, and a user's bookings. */
export const bookingPaths = () => ({
  '/bookings': post(
    "Book seats on a departure (seats are taken atomically; 409 when too few); the booking keeps the idea's cancellation policy",
    createBookingBody,
    null,
    {
      '201': { description: 'The booking' },
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
        "Cancel for free under the booking's own policy (until 24 h, 72 h or 7 days before the start); the seats go back",
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
  '/users/{id}/bookings': {
    get: {
      summary: 'Your bookings, or (as=author) bookings of your ideas',
      parameters: [idParameter, ...queryParameters(userBookingsQuery)],
      responses: { '200': { description: 'Bookings' }, ...ownLists },
    },
  },
});
