import { z } from 'zod';
import { single } from '../common';
import { createReviewBody, hideReviewBody, replyBody, reviewResource, reviewsPage, reviewsQuery } from '../reviews';
import {
  queryParameters,
  pathParameter,
  ok,
  problemResponse,
  errors,
  get,
  post,
  unauthorized,
  owners,
  idParameter,
  jsonBody,
} from './helpers';

/** Reviews of ended trips, the author's replies, and hiding by moderators. */
export const reviewPaths = () => ({
  '/ideas/{id}/reviews': {
    ...get(
      'Visible reviews of a published idea, those in the request’s language (`Locale`) first, newest first within each, with its rating and the count per language in the meta',
      reviewsPage,
      [idParameter, ...queryParameters(reviewsQuery)],
      { '404': problemResponse('Unknown or unpublished idea') },
    ),
    ...post(
      'Review a trip: the booking’s traveller, once per booking, after the departure has ended (not cancelled)',
      createReviewBody,
      null,
      {
        '201': ok(single(reviewResource), 'The review'),
        ...unauthorized,
        '403': problemResponse('No completed booking of yours for this idea'),
        '404': problemResponse('Unknown or unpublished idea'),
        '409': problemResponse('This booking already has a review, or the idea is your own'),
      },
      [idParameter],
    ),
  },
  '/reviews/{hid}/reply': {
    put: {
      summary: 'The idea’s author replies to a review, once',
      parameters: [pathParameter('hid', z.string())],
      requestBody: jsonBody(replyBody),
      responses: {
        '200': ok(single(reviewResource), 'The review with its reply'),
        ...errors,
        ...owners,
        '403': problemResponse('Not the author of the idea'),
        '409': problemResponse('Already replied'),
      },
    },
  },
  '/reviews/{hid}/hide': post(
    'Moderators: hide a review with a reason; the idea’s rating no longer counts it',
    hideReviewBody,
    single(reviewResource),
    {
      ...owners,
      '403': problemResponse('Not a moderator'),
      '409': problemResponse('Already hidden'),
    },
    [pathParameter('hid', z.string())],
  ),
});
