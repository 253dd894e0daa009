-- The TOTP second factor (docs/decisions.md, "Operators' second factor"): the secret per user, its
-- one-time recovery codes (hashed) and the login's second step.
CREATE TABLE "two_factors" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "secret" text NOT NULL,
  "enabled_at" timestamp with time zone,
  "last_step" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor_recovery_codes" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id"),
  "code_hash" text NOT NULL UNIQUE,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "two_factor_recovery_codes_user_idx" ON "two_factor_recovery_codes" ("user_id");
--> statement-breakpoint
CREATE TABLE "login_challenges" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id"),
  "token_hash" text NOT NULL UNIQUE,
  "remember" boolean DEFAULT false NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_challenges_user_idx" ON "login_challenges" ("user_id");
