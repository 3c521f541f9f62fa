import { list, listing, single } from '../common';
import { ideaQuery, ideaResource, ideasQuery } from '../ideas';
import { ideaMarkersResponse } from '../markers';
import { ideaTextsResponse, patchIdeaBody, refuseBody } from '../own-ideas';
import {
  queryParameters,
  ok,
  problemResponse,
  errors,
  get,
  post,
  imageUpload,
  owners,
  idParameter,
  jsonBody,
} from './helpers';

/** Ideas: the listing and its map pins, one idea, an author's drafts and their moderation. */
export const ideaPaths = () => ({
  '/ideas': get(
    'Published ideas, filtered and paged (f=not-moderated: the moderation queue; sort=rating: by a Bayesian average, so a few reviews weigh less than many)',
    listing(ideaResource),
    queryParameters(ideasQuery),
    {
      '401': problemResponse('Moderation queue without signing in'),
      '403': problemResponse('Moderation queue for a non-moderator'),
    },
  ),
  '/ideas/markers': get(
    'Every idea of the same filters as GET /ideas that has coordinates, as map pins (at most 500, in the listing order; page, limit and include are ignored)',
    ideaMarkersResponse,
    queryParameters(ideasQuery),
    {
      '401': problemResponse('Moderation queue without signing in'),
      '403': problemResponse('Moderation queue for a non-moderator'),
    },
  ),
  '/ideas/{id}': {
    ...get('One idea by id or hid', single(ideaResource), [idParameter, ...queryParameters(ideaQuery)], {
      '404': problemResponse('Unknown or not visible to you'),
    }),
    patch: {
      summary: 'Edit your idea (lists are replaced whole; a published idea goes back to moderation)',
      parameters: [idParameter],
      requestBody: jsonBody(patchIdeaBody),
      responses: {
        '200': ok(single(ideaResource)),
        ...errors,
        ...owners,
        '409': problemResponse('A date with bookings cannot be removed'),
      },
    },
    delete: {
      summary: 'Delete (author or moderator); bookings stay readable',
      description:
        'Every live booking of the idea (requested, awaiting_payment, confirmed) is cancelled with end_reason ' +
        'idea_removed in the same transaction: its seats come back and everything paid online is refunded in full.',
      parameters: [idParameter],
      responses: { '204': { description: 'Deleted, its live bookings cancelled and refunded' }, ...owners },
    },
  },
  '/ideas/{id}/texts': {
    get: {
      summary: "Every language of an idea's texts, for its editor (author or moderator)",
      parameters: [idParameter],
      responses: { '200': ok(ideaTextsResponse), ...owners },
    },
  },
  '/ideas/{id}/submit': {
    post: {
      summary:
        'Send a complete draft or refused idea to moderation (422 names what is missing, e.g. cancellation_policy, meeting_point)',
      parameters: [idParameter],
      responses: {
        '200': ok(single(ideaResource)),
        ...errors,
        ...owners,
        '409': problemResponse('Not a draft or refused idea'),
      },
    },
  },
  '/ideas/{id}/approve': {
    post: {
      summary: 'Moderators: publish an idea waiting for moderation',
      parameters: [idParameter],
      responses: {
        '200': ok(single(ideaResource)),
        ...owners,
        '409': problemResponse('Not waiting for moderation'),
      },
    },
  },
  '/ideas/{id}/refuse': post(
    'Moderators: refuse with a reason the author sees',
    refuseBody,
    single(ideaResource),
    { ...owners, '409': problemResponse('Not waiting for moderation') },
    [idParameter],
  ),
  '/ideas/{id}/photos': {
    post: {
      summary:
        'Add a photo (multipart field "file": JPEG, PNG or WebP by content, ≤ 10 MB; re-encoded, metadata stripped)',
      parameters: [idParameter],
      requestBody: imageUpload,
      responses: {
        '201': { description: 'The photo' },
        '413': problemResponse('Too large'),
        '415': problemResponse('Not multipart'),
        ...errors,
        ...owners,
      },
    },
  },
  '/users/{id}/ideas': {
    ...get("A user's ideas (every status for the author, published for others)", list(ideaResource), [
      idParameter,
      ...queryParameters(ideasQuery),
    ]),
    post: {
      summary:
        'Create a draft owned by you with the fields of its first save (the body of PATCH /ideas/{id}); ' +
        'a refused body creates nothing',
      parameters: [idParameter],
      requestBody: jsonBody(patchIdeaBody),
      responses: { '201': ok(single(ideaResource)), ...errors, ...owners },
    },
  },
  '/users/{id}/ideas/createAndGetEmpty': {
    get: {
      summary: 'Create an empty draft owned by you (kept for API clients; the office creates on first save)',
      parameters: [idParameter],
      responses: { '201': ok(single(ideaResource)), ...owners },
    },
  },
});
