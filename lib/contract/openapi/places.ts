import { z } from 'zod';
import { placeResource } from '../catalog';
import { idParam, single } from '../common';
import { osmId, osmPlaceResource, osmSearchQuery, saveSelectedBody } from '../osm';
import { queryParameters, pathParameter, problemResponse, get, post, unauthorized } from './helpers';

/** Places: the tree, popular ones, and OpenStreetMap search and selection. */
export const placePaths = () => ({
  '/places': get('Top-level places (10)', z.object({ data: z.array(placeResource) })),
  '/places/popular': get('Popular places (10)', z.object({ data: z.array(placeResource) })),
  '/places/{id}/children': get(
    'Places directly under a place',
    z.object({ data: z.array(placeResource) }),
    [pathParameter('id', idParam)],
    {
      '404': problemResponse('Unknown place'),
    },
  ),
  '/osm/saveSelected': post(
    'Signed in: keep a chosen map result as a place (once per OpenStreetMap id)',
    saveSelectedBody,
    single(placeResource),
    unauthorized,
  ),
  '/osm/search': get(
    'Places by name in any language (local, plus Nominatim when configured)',
    z.object({ data: z.array(z.union([placeResource, osmPlaceResource])) }),
    queryParameters(osmSearchQuery),
  ),
  '/osm/{id}': get(
    'One place: local id or OpenStreetMap id (N123, W123, R123)',
    single(z.union([placeResource, osmPlaceResource])),
    [pathParameter('id', osmId)],
    {
      '404': problemResponse('Unknown place'),
    },
  ),
});
