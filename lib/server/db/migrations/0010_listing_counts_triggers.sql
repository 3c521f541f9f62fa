-- listing_counts follows ideas: after each statement that writes ideas, the published ideas it added and
-- removed are summed per (place, category). A row that stays published in the same place and category
-- adds one and removes one, so an edit of text, price or departures writes nothing here. A missing place or
-- category is counted under 0, so that the sums stay exact.
CREATE OR REPLACE FUNCTION "refresh_listing_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its trigger declares. Rows are locked in key order,
  -- so concurrent statements cannot deadlock on them.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "listing_counts" ("place_id", "category_id", "ideas")
    SELECT coalesce("place_id", 0), coalesce("category_id", 0), count(*) FROM new_ideas
    WHERE "status" = 'published' AND "deleted_at" IS NULL
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("place_id", "category_id") DO UPDATE SET "ideas" = "listing_counts"."ideas" + excluded."ideas";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "listing_counts" c SET "ideas" = c."ideas" - gone.n
    FROM (SELECT coalesce("place_id", 0) AS "place_id", coalesce("category_id", 0) AS "category_id", count(*) AS n FROM old_ideas
          WHERE "status" = 'published' AND "deleted_at" IS NULL GROUP BY 1, 2) gone
    WHERE c."place_id" = gone."place_id" AND c."category_id" = gone."category_id";
  ELSE
    INSERT INTO "listing_counts" ("place_id", "category_id", "ideas")
    SELECT "place_id", "category_id", sum(delta) FROM (
      SELECT coalesce("place_id", 0) AS "place_id", coalesce("category_id", 0) AS "category_id", 1 AS delta FROM new_ideas WHERE "status" = 'published' AND "deleted_at" IS NULL
      UNION ALL
      SELECT coalesce("place_id", 0), coalesce("category_id", 0), -1 FROM old_ideas WHERE "status" = 'published' AND "deleted_at" IS NULL
    ) changes
    GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ("place_id", "category_id") DO UPDATE SET "ideas" = "listing_counts"."ideas" + excluded."ideas";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ideas_listing_counts_insert" AFTER INSERT ON "ideas" REFERENCING NEW TABLE AS new_ideas FOR EACH STATEMENT EXECUTE FUNCTION "refresh_listing_counts"();
--> statement-breakpoint
CREATE TRIGGER "ideas_listing_counts_update" AFTER UPDATE ON "ideas" REFERENCING OLD TABLE AS old_ideas NEW TABLE AS new_ideas FOR EACH STATEMENT EXECUTE FUNCTION "refresh_listing_counts"();
--> statement-breakpoint
CREATE TRIGGER "ideas_listing_counts_delete" AFTER DELETE ON "ideas" REFERENCING OLD TABLE AS old_ideas FOR EACH STATEMENT EXECUTE FUNCTION "refresh_listing_counts"();
--> statement-breakpoint
INSERT INTO "listing_counts" ("place_id", "category_id", "ideas")
SELECT coalesce("place_id", 0), coalesce("category_id", 0), count(*) FROM "ideas" WHERE "status" = 'published' AND "deleted_at" IS NULL GROUP BY 1, 2;
