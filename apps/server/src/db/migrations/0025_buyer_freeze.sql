-- A mall buyer's account may be frozen by an operator (with the reason the buyer is shown): a frozen
-- buyer's sessions stop working and the login refuses, until an operator unfreezes it.
ALTER TABLE "buyers" ADD COLUMN "frozen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "frozen_reason" text DEFAULT '' NOT NULL;
