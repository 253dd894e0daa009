-- Fund-password attempts in flight are rows that expire (docs/decisions.md, "Fund-password
-- attempts that reach no verdict"): a request that dies between reserving and comparing leaves a
-- row that stops counting after AUTH.FUND_PASSWORD_RESERVATION_MS, instead of a failure counted
-- for ever. users.fund_failures now counts only confirmed wrong answers, of the member who typed them.
CREATE TABLE "fund_password_reservations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fund_password_reservations_user_idx" ON "fund_password_reservations" USING btree ("user_id","expires_at");
--> statement-breakpoint
-- The old counts mix real failures with attempts reserved by requests that never came back.
UPDATE "users" SET "fund_failures" = 0 WHERE "fund_locked_until" IS NULL OR "fund_locked_until" <= now();
