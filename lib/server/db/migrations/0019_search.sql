-- Search (issue 22): trigram similarity for typos, and search_cjk for the Chinese part of the full-text index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Chinese has no spaces between words: each run of Han characters becomes its overlapping character pairs, and
-- its last character alone, so that a query of any length finds it as a phrase of pairs (or, one character, as a
-- prefix). The rest of the text is kept as it is. lib/listing/search-terms.ts builds the queries to match.
CREATE OR REPLACE FUNCTION search_cjk(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(substr(run.r[1], i, 2), ' '), '') || ' ' || regexp_replace(input, '[㐀-䶿一-鿿豈-﫿]+', ' ', 'g')
  FROM regexp_matches(input, '[㐀-䶿一-鿿豈-﫿]+', 'g') AS run(r), generate_series(1, length(run.r[1])) AS i
$$;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, coalesce(title->>'ru', '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(title->>'en', '')), 'A') || setweight(to_tsvector('simple'::regconfig, search_cjk(coalesce(title->>'zh', ''))), 'A') || setweight(to_tsvector('russian'::regconfig, coalesce(description->>'ru', '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description->>'en', '')), 'B') || setweight(to_tsvector('simple'::regconfig, search_cjk(coalesce(description->>'zh', ''))), 'B') || setweight(to_tsvector('russian'::regconfig, coalesce(includes->>'ru', '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(includes->>'en', '')), 'B') || setweight(to_tsvector('simple'::regconfig, search_cjk(coalesce(includes->>'zh', ''))), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "search_title" text GENERATED ALWAYS AS (lower(coalesce(title->>'ru', '') || ' ' || coalesce(title->>'en', '') || ' ' || coalesce(title->>'zh', ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "ideas_published_search_idx" ON "ideas" USING gin ("search_vector") WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "ideas_published_title_trgm_idx" ON "ideas" USING gin ("search_title" gin_trgm_ops) WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
ALTER TABLE "ideas" DROP COLUMN "search_text";
