-- The catalog (places, categories, currencies) has a version of its own, row 2 of content_version: each process
-- keeps the catalog in memory and reloads it when the version moves (lib/server/services/catalog-cache.ts).
-- Its own counter, because content_version moves with every idea write and would reload the catalog each time.
-- The triggers' names sort after "<table>_content_version", and PostgreSQL fires them by name: a statement locks
-- row 1, then row 2, the same order as any other writer, so the two rows cannot deadlock.
INSERT INTO "content_version" ("id", "version") VALUES (2, 1) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 2;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "places_content_version_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "places" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "categories_content_version_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "currencies_content_version_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "currencies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
