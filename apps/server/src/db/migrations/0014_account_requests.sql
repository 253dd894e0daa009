-- The way back in for sellers (docs/decisions.md, "Password resets and registrations"): a shop
-- registered from the login page waits for the operator's approval, and a forgotten password is
-- reset through a one-time link the operator approves.
ALTER TABLE "shops" ADD COLUMN "approval" text DEFAULT 'approved' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_approval_values" CHECK ("approval" in ('pending', 'approved', 'rejected'));
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "approval_note" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "approval_decided_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "approval_decided_by" integer REFERENCES "users"("id");
--> statement-breakpoint
CREATE INDEX "shops_pending_approval_idx" ON "shops" ("id") WHERE "approval" <> 'approved';
--> statement-breakpoint
CREATE TABLE "password_resets" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id"),
  "status" text DEFAULT 'pending' NOT NULL,
  "contact" text DEFAULT '' NOT NULL,
  "language" text DEFAULT 'en-US' NOT NULL,
  "requested_from" text DEFAULT '' NOT NULL,
  "token_hash" text UNIQUE,
  "expires_at" timestamp with time zone,
  "delivery" text,
  "decided_by" integer REFERENCES "users"("id"),
  "decided_at" timestamp with time zone,
  "reject_reason" text,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "password_resets_status_values" CHECK ("status" in ('pending', 'approved', 'used', 'rejected')),
  CONSTRAINT "password_resets_delivery_values" CHECK ("delivery" is null or "delivery" in ('handover', 'email')),
  -- An approved link always has its token and its end.
  CONSTRAINT "password_resets_link_complete" CHECK ("status" <> 'approved' or ("token_hash" is not null and "expires_at" is not null))
);
--> statement-breakpoint
-- One open request per account: asking again refreshes it instead of piling up rows for the operator.
CREATE UNIQUE INDEX "password_resets_one_open" ON "password_resets" ("user_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "password_resets_status_idx" ON "password_resets" ("status", "id");
--> statement-breakpoint
-- A bonus ready to claim (content 14) had the couple request's title (2); it has its own now (5).
UPDATE "notifications" SET "title" = 5 WHERE "content" = 14 AND "title" = 2;
