-- The mall (issue 13): buyers' saved addresses, carts, platform coupons and their claims; orders
-- paid from the buyer's wallet (payment_source 'wallet') with the coupon's share (discount_cents)
-- and the checkout they came from; exposures counted per promotion package (the gold guarantee);
-- a shop description for the mall's shop page; the platform accounts of the demo top-ups and of
-- marketing (coupon discounts) opened up front so checkouts can lock them in id order.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "payment_source" text DEFAULT 'external' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "discount_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "checkout_no" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_source_check" CHECK ("payment_source" in ('external', 'wallet') and "discount_cents" >= 0 and "discount_cents" <= "amount_cents" and ("payment_source" = 'wallet' or "discount_cents" = 0));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN IF NOT EXISTS "description" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "promotion_packages" ADD COLUMN IF NOT EXISTS "exposures" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "buyer_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL REFERENCES "buyers"("id"),
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"area" text NOT NULL,
	"address" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "buyer_addresses_buyer_idx" ON "buyer_addresses" USING btree ("buyer_id", "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL REFERENCES "buyers"("id"),
	"shop_product_id" integer NOT NULL REFERENCES "shop_products"("id") ON DELETE cascade,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_range" CHECK ("quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "cart_items_buyer_product_uq" ON "cart_items" USING btree ("buyer_id", "shop_product_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"amount_off_cents" bigint,
	"percent_off" integer,
	"max_discount_cents" bigint,
	"min_spend_cents" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"per_buyer_limit" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_shape" CHECK (
		(("kind" = 'amount' and "amount_off_cents" > 0 and "percent_off" is null)
		or ("kind" = 'percent' and "percent_off" between 1 and 99 and "amount_off_cents" is null))
		and "min_spend_cents" >= 0 and ("max_discount_cents" is null or "max_discount_cents" > 0)
		and "ends_at" > "starts_at" and "per_buyer_limit" >= 1)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "coupon_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL REFERENCES "coupons"("id"),
	"buyer_id" integer NOT NULL REFERENCES "buyers"("id"),
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"checkout_no" text
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coupon_claims_buyer_idx" ON "coupon_claims" USING btree ("buyer_id", "coupon_id");
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "shop_id", "kind", "allow_negative") VALUES
	('platform:demo_topups', NULL, 'demo_topups', true),
	('platform:marketing', NULL, 'marketing', true),
	('platform:escrow', NULL, 'escrow', true)
ON CONFLICT ("code") DO NOTHING;
