CREATE TABLE "idea_availability" (
	"id" serial PRIMARY KEY NOT NULL,
	"idea_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "idea_availability_window" CHECK ("idea_availability"."weekday" between 1 and 7 and "idea_availability"."start_minute" >= 0 and "idea_availability"."end_minute" <= 1440 and "idea_availability"."start_minute" < "idea_availability"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "idea_blocked_days" (
	"idea_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "idea_blocked_days_idea_id_day_pk" PRIMARY KEY("idea_id","day")
);
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "format" text DEFAULT 'group' NOT NULL;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "slot_step_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "slot_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "slot_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "proposed_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "counter_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idea_availability" ADD CONSTRAINT "idea_availability_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_blocked_days" ADD CONSTRAINT "idea_blocked_days_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idea_availability_idea_idx" ON "idea_availability" USING btree ("idea_id","weekday");--> statement-breakpoint
-- A private idea's slot is held by one booking at a time: no two holding bookings of an idea overlap in time.
-- Checked by the database in the transaction that proposes or counter-proposes, so of two travellers proposing
-- the same time at once exactly one wins (the other's INSERT fails with exclusion_violation, answered 409).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_private_slot_excl" EXCLUDE USING gist (
  "idea_id" WITH =, tstzrange("slot_start", "slot_end") WITH &&
) WHERE ("slot_start" IS NOT NULL AND "status" IN ('requested', 'countered', 'awaiting_payment', 'confirmed'));
