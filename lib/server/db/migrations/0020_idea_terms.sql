ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" text DEFAULT 'free_24h' NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "cancellation_policy" text;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "meeting_point" jsonb DEFAULT '{"ru":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "meeting_lat" double precision;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "meeting_lon" double precision;--> statement-breakpoint
-- Ideas submitted before there were terms keep the marketplace's usual rule; drafts choose theirs before submitting.
UPDATE "ideas" SET "cancellation_policy" = 'free_24h' WHERE "status" <> 'draft';
