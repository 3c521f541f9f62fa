import { z } from 'zod';
import { list } from '../common';
import { favouriteIdsAnswer, favouritesQuery } from '../favourites';
import { ideaResource } from '../ideas';
import {
  jsonSchema,
  queryParameters,
  pathParameter,
  localeHeader,
  localeQuery,
  problemResponse,
  errors,
  owners,
  ownLists,
  idParameter,
} from './helpers';

/** A user's saved ideas. */
export const favouritePaths = () => ({
  '/users/{id}/favourites': {
    get: {
      summary:
        'Your saved ideas that are published, as listing cards, newest saved first; with ids_only=1 the id and hid of every one (no paging)',
      parameters: [localeHeader, localeQuery, idParameter, ...queryParameters(favouritesQuery)],
      responses: {
        '200': {
          description: "A page of cards, or (ids_only=1) the saved ideas' ids",
          content: {
            'application/json': {
              schema: { oneOf: [jsonSchema(list(ideaResource)), jsonSchema(favouriteIdsAnswer)] },
            },
          },
        },
        ...errors,
        ...ownLists,
      },
    },
  },
  '/users/{id}/favourites/{idea}': {
    put: {
      summary: 'Save a published idea (id or hid) to your favourites; saving it again changes nothing',
      parameters: [idParameter, pathParameter('idea', z.string())],
      responses: {
        '204': { description: 'Saved' },
        '409': problemResponse('Too many saved ideas'),
        ...errors,
        ...owners,
      },
    },
    delete: {
      summary: 'Remove an idea from your favourites; removing one that is not saved changes nothing',
      parameters: [idParameter, pathParameter('idea', z.string())],
      responses: { '204': { description: 'Removed' }, ...errors, ...owners },
    },
  },
});
