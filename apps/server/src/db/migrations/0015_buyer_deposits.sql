-- A mall buyer's deposit request: outside demo mode the only way money enters a buyer's wallet
-- (docs/decisions.md, "Buyer money outside demo mode").
CREATE TABLE "buyer_deposits" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "buyer_id" integer NOT NULL REFERENCES "buyers"("id"),
  "currency" text NOT NULL,
  "network" text NOT NULL,
  "address" text NOT NULL,
  "from_address" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  "screenshot_file" text NOT NULL,
  "screenshot_type" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "reject_reason" text,
  "decided_by" integer REFERENCES "users"("id"),
  "decided_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "buyer_deposits_amount_positive" CHECK ("amount_cents" > 0),
  CONSTRAINT "buyer_deposits_status_values" CHECK ("status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX "buyer_deposits_buyer_idx" ON "buyer_deposits" ("buyer_id", "id");
--> statement-breakpoint
CREATE INDEX "buyer_deposits_status_idx" ON "buyer_deposits" ("status", "id");
--> statement-breakpoint
CREATE INDEX "buyer_deposits_from_idx" ON "buyer_deposits" ("from_address");
