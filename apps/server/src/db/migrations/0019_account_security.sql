-- Account security (docs/decisions.md, "Shop members' second factor", "Signed-in devices",
-- "Withdrawal address book"): a shop may require the second factor of every member; a session
-- remembers the device it was opened from and when it was last used; a sensitive action spends a
-- short-lived step-up proof; a withdrawal goes only to an address of the shop's book.
ALTER TABLE "shops" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE TABLE "step_up_proofs" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id"),
  "action" text NOT NULL,
  "token_hash" text NOT NULL UNIQUE,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "step_up_proofs_user_idx" ON "step_up_proofs" ("user_id");
--> statement-breakpoint
CREATE TABLE "withdrawal_addresses" (
  "id" serial PRIMARY KEY NOT NULL,
  "shop_id" integer NOT NULL REFERENCES "shops"("id"),
  "network" text NOT NULL,
  "address" text NOT NULL,
  "label" text DEFAULT '' NOT NULL,
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_live_uq" ON "withdrawal_addresses" ("shop_id", "network", "address") WHERE "removed_at" IS NULL;
--> statement-breakpoint
-- The addresses a shop already withdrew to are its book from the start, usable at once (saved when first used).
INSERT INTO "withdrawal_addresses" ("shop_id", "network", "address", "created_at")
SELECT "shop_id", "network", "address", min("created_at") FROM "withdrawals" WHERE "method" = 'crypto' AND "address" <> '' GROUP BY "shop_id", "network", "address";
