ALTER TABLE "ideas" ADD COLUMN "search_title_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, coalesce(title->>'ru', '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(title->>'en', '')), 'A') || setweight(to_tsvector('simple'::regconfig, search_cjk(coalesce(title->>'zh', ''))), 'A')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "ideas_published_title_search_idx" ON "ideas" USING gin ("search_title_vector") WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
-- The planner estimates the typo search (`<%`) by computing word similarity against every sampled title: with the
-- default statistics target (100) it took longer to plan a search than to run it; with ten pg_trgm falls back to its
-- default selectivity.
ALTER TABLE "ideas" ALTER COLUMN "search_title" SET STATISTICS 10;
