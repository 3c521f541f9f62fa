-- ideas.departure_days becomes a datemultirange: a date filter is then one range overlap per idea (a
-- binary search over its ranges) instead of an overlap of two day arrays compared element by element,
-- which was most of counting a filtered listing. Adjacent days merge into one range.
DROP INDEX "ideas_published_departure_days_idx";
--> statement-breakpoint
ALTER TABLE "ideas" ALTER COLUMN "departure_days" DROP DEFAULT;
--> statement-breakpoint
DROP FUNCTION "idea_departure_days"(integer);
--> statement-breakpoint
CREATE FUNCTION "idea_departure_days"(idea integer) RETURNS datemultirange LANGUAGE sql STABLE AS $$
  SELECT coalesce(range_agg(daterange(day, day, '[]')), '{}'::datemultirange)
  FROM (SELECT ((d."starts_at" AT TIME ZONE 'UTC') + interval '10 hours')::date AS day FROM "idea_dates" d WHERE d."idea_id" = idea) days
$$;
--> statement-breakpoint
ALTER TABLE "ideas" ALTER COLUMN "departure_days" SET DATA TYPE datemultirange USING "idea_departure_days"("id");
--> statement-breakpoint
ALTER TABLE "ideas" ALTER COLUMN "departure_days" SET DEFAULT '{}'::datemultirange;
--> statement-breakpoint
CREATE INDEX "ideas_published_departure_days_idx" ON "ideas" USING gist ("departure_days") WHERE status = 'published' and deleted_at is null;
--> statement-breakpoint
-- The rewritten column has no statistics yet: without them the planner takes the GiST index for a filter
-- that matches most ideas (89 ms instead of 4 ms for a filtered count at 100 000 ideas).
ANALYZE "ideas";
