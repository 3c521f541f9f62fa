DROP INDEX "ideas_published_rating_idx";--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "rating_score" double precision;--> statement-breakpoint
CREATE INDEX "ideas_published_rating_score_idx" ON "ideas" USING btree ("rating_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and deleted_at is null;