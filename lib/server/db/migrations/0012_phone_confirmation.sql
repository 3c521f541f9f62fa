ALTER TABLE "phone_verifications" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_phone" text;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Until now PATCH /users/{id} stored any number unconfirmed. A number counts as confirmed only when the account was
-- made by a phone sign-in with it (a code for it was used within minutes of the account's creation); every other
-- number waits for a code, and phone sign-in no longer finds it.
UPDATE "users" SET "pending_phone" = "phone", "phone" = NULL
WHERE "phone" IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM "phone_verifications" v
  WHERE v."phone" = "users"."phone" AND v."consumed_at" IS NOT NULL
    AND v."consumed_at" BETWEEN "users"."created_at" - interval '5 minutes' AND "users"."created_at" + interval '5 minutes'
);
