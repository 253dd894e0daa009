-- The devices (a random id in an httpOnly cookie) each shop member and each buyer signed in from.
CREATE TABLE IF NOT EXISTS "device_sightings" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "device_id" text NOT NULL,
  "user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
  "buyer_id" integer REFERENCES "buyers"("id") ON DELETE CASCADE,
  "first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "device_sightings_one_account" CHECK (("user_id" IS NULL) <> ("buyer_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "device_sightings_user_idx" ON "device_sightings" ("user_id", "device_id") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "device_sightings_buyer_idx" ON "device_sightings" ("buyer_id", "device_id") WHERE "buyer_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_sightings_device_idx" ON "device_sightings" ("device_id");
