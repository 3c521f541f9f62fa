ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_queue" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;