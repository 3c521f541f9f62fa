-- A departure the guide cancelled (idea_dates.cancelled_at) is gone for travellers: its day leaves
-- ideas.departure_days, and cancelling it (an UPDATE of cancelled_at only) refreshes the idea's days too.
CREATE OR REPLACE FUNCTION "idea_departure_days"(idea integer) RETURNS datemultirange LANGUAGE sql STABLE AS $$
  SELECT coalesce(range_agg(daterange(day, day, '[]')), '{}'::datemultirange)
  FROM (SELECT ((d."starts_at" AT TIME ZONE 'UTC') + interval '10 hours')::date AS day FROM "idea_dates" d
        WHERE d."idea_id" = idea AND d."cancelled_at" IS NULL) days
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
    WHERE o."starts_at" IS DISTINCT FROM n."starts_at" OR o."idea_id" IS DISTINCT FROM n."idea_id"
       OR o."cancelled_at" IS DISTINCT FROM n."cancelled_at";
  END IF;
  -- Booking a seat changes seats_left only: then nothing is touched and the ideas table is not written at all.
  IF touched IS NOT NULL THEN
    UPDATE "ideas" SET "departure_days" = "idea_departure_days"("id") WHERE "id" = ANY (touched);
  END IF;
  RETURN NULL;
END;
$$;
