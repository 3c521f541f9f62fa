import { suggestQuery, suggestions } from '../search';
import { queryParameters, get } from './helpers';

/** The search field's suggestions. */
export const searchPaths = () => ({
  '/search/suggest': get(
    "Suggestions for the search field: places, categories and idea titles starting with the letters typed (also in the other script), at most 5 of each, in the request's language, and the query spelled right when it has a typo (did you mean)",
    suggestions,
    queryParameters(suggestQuery),
  ),
});
