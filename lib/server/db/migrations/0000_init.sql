CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"color" smallint NOT NULL,
	CONSTRAINT "categories_color_range" CHECK ("categories"."color" between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" jsonb NOT NULL,
	"decimals" smallint DEFAULT 2 NOT NULL,
	"rate" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idea_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"idea_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"local_start_minute" smallint NOT NULL,
	"seats_total" integer NOT NULL,
	"seats_left" integer NOT NULL,
	CONSTRAINT "idea_dates_seats" CHECK ("idea_dates"."seats_left" >= 0 and "idea_dates"."seats_left" <= "idea_dates"."seats_total")
);
--> statement-breakpoint
CREATE TABLE "idea_itineraries" (
	"id" serial PRIMARY KEY NOT NULL,
	"idea_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"ru":""}'::jsonb NOT NULL,
	"duration_minutes" integer
);
--> statement-breakpoint
CREATE TABLE "idea_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ideas" (
	"id" serial PRIMARY KEY NOT NULL,
	"hid" text NOT NULL,
	"author_id" integer NOT NULL,
	"place_id" integer,
	"category_id" integer,
	"idea_type_id" integer DEFAULT 4 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"refusal_reason" text,
	"title" jsonb DEFAULT '{"ru":""}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{"ru":""}'::jsonb NOT NULL,
	"includes" jsonb DEFAULT '{"ru":""}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"duration_minutes" integer,
	"lat" double precision,
	"lon" double precision,
	"price" integer,
	"child_price" integer,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"min_persons" integer DEFAULT 1 NOT NULL,
	"max_persons" integer DEFAULT 10 NOT NULL,
	"children_allowed" boolean DEFAULT true NOT NULL,
	"next_date_at" timestamp with time zone,
	"cover_photo_id" integer,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ideas_hid_unique" UNIQUE("hid")
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"idea_id" integer,
	"owner_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"popularity" integer DEFAULT 0 NOT NULL,
	"osm_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "places_osm_id_unique" UNIQUE("osm_id")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"hid" text NOT NULL,
	"user_id" integer NOT NULL,
	"about" jsonb DEFAULT '{"ru":""}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_hid_unique" UNIQUE("hid"),
	CONSTRAINT "profiles_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"hid" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"password_hash" text,
	"role" text DEFAULT 'user' NOT NULL,
	"avatar_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_hid_unique" UNIQUE("hid"),
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
ALTER TABLE "idea_dates" ADD CONSTRAINT "idea_dates_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_itineraries" ADD CONSTRAINT "idea_itineraries_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_idea_type_id_idea_types_id_fk" FOREIGN KEY ("idea_type_id") REFERENCES "public"."idea_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idea_dates_idea_idx" ON "idea_dates" USING btree ("idea_id","starts_at");--> statement-breakpoint
CREATE INDEX "idea_dates_starts_idx" ON "idea_dates" USING btree ("starts_at","idea_id");--> statement-breakpoint
CREATE INDEX "idea_itineraries_idea_idx" ON "idea_itineraries" USING btree ("idea_id","position");--> statement-breakpoint
CREATE INDEX "ideas_listing_idx" ON "ideas" USING btree ("status","place_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ideas_category_idx" ON "ideas" USING btree ("status","category_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ideas_price_idx" ON "ideas" USING btree ("status","price");--> statement-breakpoint
CREATE INDEX "ideas_next_date_idx" ON "ideas" USING btree ("status","next_date_at");--> statement-breakpoint
CREATE INDEX "ideas_author_idx" ON "ideas" USING btree ("author_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "photos_key_idx" ON "photos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "photos_idea_idx" ON "photos" USING btree ("idea_id","position");--> statement-breakpoint
CREATE INDEX "places_parent_idx" ON "places" USING btree ("parent_id");