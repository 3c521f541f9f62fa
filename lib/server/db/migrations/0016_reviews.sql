CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"hid" text NOT NULL,
	"idea_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"reply_text" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" integer,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_hid_unique" UNIQUE("hid"),
	CONSTRAINT "reviews_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "rating" double precision;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "reviews_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_idea_visible_idx" ON "reviews" USING btree ("idea_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "ideas_published_rating_idx" ON "ideas" USING btree ("rating" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and deleted_at is null;