-- ideas.departure_days follows idea_dates: after each statement that changes departures, the days of
-- the ideas it touched are recomputed. Days are Vladivostok's (UTC+10, no daylight saving), as in the filters.
CREATE OR REPLACE FUNCTION "idea_departure_days"(idea integer) RETURNS date[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT ((d."starts_at" AT TIME ZONE 'UTC') + interval '10 hours')::date), '{}'::date[])
  FROM "idea_dates" d WHERE d."idea_id" = idea
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_departure_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  -- Each branch names only the transition tables its trigger declares.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "idea_id") INTO touched FROM new_dates;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "idea_id") INTO touched FROM old_dates;
  ELSE
    SELECT array_agg(DISTINCT x) INTO touched
    FROM new_dates n JOIN old_dates o ON o."id" = n."id", unnest(ARRAY[n."idea_id", o."idea_id"]) x
    WHERE o."starts_at" IS DISTINCT FROM n."starts_at" OR o."idea_id" IS DISTINCT FROM n."idea_id";
  END IF;
  -- Booking a seat changes seats_left only: then nothing is touched and the ideas table is not written at all.
  IF touched IS NOT NULL THEN
    UPDATE "ideas" SET "departure_days" = "idea_departure_days"("id") WHERE "id" = ANY (touched);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "idea_dates_departure_days_insert" AFTER INSERT ON "idea_dates" REFERENCING NEW TABLE AS new_dates FOR EACH STATEMENT EXECUTE FUNCTION "refresh_departure_days"();
--> statement-breakpoint
CREATE TRIGGER "idea_dates_departure_days_update" AFTER UPDATE ON "idea_dates" REFERENCING OLD TABLE AS old_dates NEW TABLE AS new_dates FOR EACH STATEMENT EXECUTE FUNCTION "refresh_departure_days"();
--> statement-breakpoint
CREATE TRIGGER "idea_dates_departure_days_delete" AFTER DELETE ON "idea_dates" REFERENCING OLD TABLE AS old_dates FOR EACH STATEMENT EXECUTE FUNCTION "refresh_departure_days"();
--> statement-breakpoint
UPDATE "ideas" i SET "departure_days" = "idea_departure_days"(i."id") WHERE EXISTS (SELECT 1 FROM "idea_dates" d WHERE d."idea_id" = i."id");
--> statement-breakpoint
-- Counting a listing reads only this index: place, category and price as keys, the departure days carried along.
CREATE INDEX "ideas_published_counting_idx" ON "ideas" ("place_id", "category_id", "price") INCLUDE ("departure_days") WHERE status = 'published' and deleted_at is null;
