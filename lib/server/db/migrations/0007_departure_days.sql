DROP INDEX "ideas_published_place_idx";--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "departure_days" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
CREATE INDEX "ideas_published_departure_days_idx" ON "ideas" USING gin ("departure_days") WHERE status = 'published' and deleted_at is null;