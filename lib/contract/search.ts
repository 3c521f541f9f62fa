import { z } from 'zod';
import { MAX_QUERY_LENGTH } from '@/lib/listing/filter-values';

/** GET /search/suggest: what the search field offers for the first letters typed. */
export const suggestQuery = z.object({
  query: z
    .string({ error: 'Type at least one letter.' })
    .trim()
    .min(1, 'Type at least one letter.')
    .max(MAX_QUERY_LENGTH, `At most ${MAX_QUERY_LENGTH} characters.`),
});

/** At most this many suggestions of each kind. */
export const SUGGESTIONS_PER_KIND = 5;

const named = z.object({ id: z.number().int(), title: z.string().describe("In the request's language") });

export const suggestions = z.object({
  data: z.object({
    places: z.array(named).max(SUGGESTIONS_PER_KIND).describe('Set as the place_id filter'),
    categories: z.array(named).max(SUGGESTIONS_PER_KIND).describe('Set as the category_id filter'),
    ideas: z
      .array(
        named.extend({
          hid: z.string(),
          place: z.string().nullable().describe("The idea's place in the request's language (null without one)"),
        }),
      )
      .max(SUGGESTIONS_PER_KIND)
      .describe('Published ideas whose title matches, in any place: each says where it is; open /go/{hid}'),
    correction: z
      .string()
      .nullable()
      .describe(
        '"Did you mean": the query with each word no idea contains but within a typo or two of a place\'s or a category\'s name spelled as that name (владивасток → Владивосток); null when there is nothing to correct',
      ),
  }),
});
export type Suggestions = z.infer<typeof suggestions>['data'];
