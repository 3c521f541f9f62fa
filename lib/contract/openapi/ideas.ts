import { z } from 'zod';
import { list, single } from '../common';
import { ideaQuery, ideaResource, ideasQuery } from '../ideas';
import { ideaMarkersResponse } from '../markers';
import { ideaTextsResponse, patchIdeaBody, refuseBody } from '../own-ideas';
import {
  jsonSchema,
  queryParameters,
  pathParameter,
  ok,
  problemResponse,
  errors,
  get,
  post,
  imageUpload,
  owners,
} from './helpers';

/** Ideas: the listing and its map pins, one idea, an author's drafts and their moderation. */
export const ideaPaths = () => ({
  '/ideas': get(
    'Published ideas, filtered and paged (f=not-moderated: the moderation queue)',
    list(ideaResource),
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
    ...get(
      'One idea by id or hid',
      single(ideaResource),
      [pathParameter('id', z.string()), ...queryParameters(ideaQuery)],
      {
        '404': problemResponse('Unknown or not visible to you'),
      },
    ),
    patch: {
      summary: 'Edit your idea (lists are replaced whole; a published idea goes back to moderation)',
      parameters: [pathParameter('id', z.string())],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(patchIdeaBody, 'input') } },
      },
      responses: {
        '200': ok(single(ideaResource)),
        ...errors,
        ...owners,
        '409': problemResponse('A date with bookings cannot be removed'),
      },
    },
    delete: {
      summary: 'Delete (author or moderator); bookings stay readable',
      parameters: [pathParameter('id', z.string())],
      responses: { '204': { description: 'Deleted' }, ...owners },
    },
  },
  '/ideas/{id}/texts': {
    get: {
      summary: "Every language of an idea's texts, for its editor (author or moderator)",
      parameters: [pathParameter('id', z.string())],
      responses: { '200': ok(ideaTextsResponse), ...owners },
    },
  },
  '/ideas/{id}/submit': {
    post: {
      summary:
        'Send a complete draft or refused idea to moderation (422 names what is missing, e.g. cancellation_policy, meeting_point)',
      parameters: [pathParameter('id', z.string())],
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
      parameters: [pathParameter('id', z.string())],
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
    [pathParameter('id', z.string())],
  ),
  '/ideas/{id}/photos': {
    post: {
      summary:
        'Add a photo (multipart field "file": JPEG, PNG or WebP by content, ≤ 10 MB; re-encoded, metadata stripped)',
      parameters: [pathParameter('id', z.string())],
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
      pathParameter('id', z.string()),
      ...queryParameters(ideasQuery),
    ]),
    post: {
      summary:
        'Create a draft owned by you with the fields of its first save (the body of PATCH /ideas/{id}); ' +
        'a refused body creates nothing',
      parameters: [pathParameter('id', z.string())],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(patchIdeaBody, 'input') } },
      },
      responses: { '201': ok(single(ideaResource)), ...errors, ...owners },
    },
  },
  '/users/{id}/ideas/createAndGetEmpty': {
    get: {
      summary: 'Create an empty draft owned by you (kept for API clients; the office creates on first save)',
      parameters: [pathParameter('id', z.string())],
      responses: { '201': ok(single(ideaResource)), ...owners },
    },
  },
});
