-- The operator console's catalog and marketplace half. A warehouse product can be retired (no
-- longer offered to sellers; products already in shops and orders keep theirs) and remembers
-- when an operator last changed it.
ALTER TABLE "warehouse_products" ADD COLUMN "active" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "warehouse_products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- A frozen shop's appeal: the seller's text, the operator's answer.
CREATE TABLE IF NOT EXISTS "shop_appeals" (
  "id" serial PRIMARY KEY NOT NULL,
  "shop_id" integer NOT NULL REFERENCES "shops"("id"),
  "user_id" integer NOT NULL REFERENCES "users"("id"),
  "text" text NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "answer" text DEFAULT '' NOT NULL,
  "answered_by" integer REFERENCES "users"("id"),
  "answered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "shop_appeals_status_values" CHECK ("status" in ('open', 'answered'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_appeals_shop_idx" ON "shop_appeals" ("shop_id", "id");
--> statement-breakpoint
-- One open appeal per shop at a time.
CREATE UNIQUE INDEX IF NOT EXISTS "shop_appeals_one_open_uq" ON "shop_appeals" ("shop_id") WHERE "status" = 'open';
--> statement-breakpoint
-- Marketplace settings an operator changes in the console; a key absent here falls back to its
-- environment variable.
CREATE TABLE IF NOT EXISTS "marketplace_settings" (
  "key" text PRIMARY KEY NOT NULL,
  "value" jsonb NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
