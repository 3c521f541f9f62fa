CREATE TABLE "database_identity" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" text DEFAULT gen_random_uuid()::text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
INSERT INTO "database_identity" DEFAULT VALUES;