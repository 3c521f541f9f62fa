CREATE INDEX "ideas_published_private_idx" ON "ideas" USING btree ("id") WHERE format = 'private' and status = 'published' and deleted_at is null;--> statement-breakpoint
-- A private idea's weekly windows and blocked days decide the dated listings it is in (lib/server/ideas/private-filter.ts
-- keeps them per content version): writes to them raise it as writes to the idea do.
CREATE TRIGGER "idea_availability_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "idea_availability" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "idea_blocked_days_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "idea_blocked_days" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
