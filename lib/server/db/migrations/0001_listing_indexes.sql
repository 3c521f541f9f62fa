DROP INDEX "ideas_listing_idx";--> statement-breakpoint
DROP INDEX "ideas_category_idx";--> statement-breakpoint
DROP INDEX "ideas_price_idx";--> statement-breakpoint
DROP INDEX "ideas_next_date_idx";--> statement-breakpoint
CREATE INDEX "ideas_published_recent_idx" ON "ideas" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "ideas_published_place_idx" ON "ideas" USING btree ("place_id","category_id","price") WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "ideas_published_category_idx" ON "ideas" USING btree ("category_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "ideas_published_price_idx" ON "ideas" USING btree ("price","id") WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "ideas_published_date_idx" ON "ideas" USING btree ("next_date_at","id") WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "ideas_status_idx" ON "ideas" USING btree ("status","updated_at" DESC NULLS LAST);