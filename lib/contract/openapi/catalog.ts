import { z } from 'zod';
import { categoriesQuery, categoryResource, configSchema, currencyResource, ideaTypeResource } from '../catalog';
import { queryParameters, ok, get } from './helpers';

/** The service's configuration and the catalog: categories, currencies, idea types. */
export const catalogPaths = () => ({
  '/config': {
    get: { summary: 'Service mode and enabled sign-in methods', responses: { '200': ok(configSchema) } },
  },
  '/categories': get('Categories', z.object({ data: z.array(categoryResource) }), queryParameters(categoriesQuery)),
  '/currencies': get('Currencies', z.object({ data: z.array(currencyResource) })),
  '/idea-types': get('Idea types (tour, activity …)', z.object({ data: z.array(ideaTypeResource) })),
});
