-- Seller vouchers: a shop's own discounts (shop-wide or chosen products, an amount or a capped
-- percentage, a minimum spend, a window, a total quantity and a limit per buyer, public or by code),
-- the buyers' claims and each checkout's use. An order keeps the voucher's share it was given
-- (seller_discount_cents, paid by the seller: amount_cents is after it). A shop may refuse any
-- promotion that sells a product below its purchase cost (never_below_cost).
ALTER TABLE "shops" ADD COLUMN "never_below_cost" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL REFERENCES "shops"("id"),
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"kind" text NOT NULL,
	"amount_off_cents" bigint,
	"percent_off" integer,
	"max_discount_cents" bigint,
	"min_spend_cents" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"total_quantity" integer NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"per_buyer_limit" integer NOT NULL,
	"visibility" text NOT NULL,
	"code" text,
	"ended_at" timestamp with time zone,
	"created_by" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_shape" CHECK (
		(("kind" = 'amount' and "amount_off_cents" > 0 and "percent_off" is null and "max_discount_cents" is null)
		or ("kind" = 'percent' and "percent_off" between 1 and 100 and "amount_off_cents" is null and "max_discount_cents" > 0))
		and "min_spend_cents" >= 0 and "ends_at" > "starts_at" and "total_quantity" >= 1 and "per_buyer_limit" >= 1
		and "used_count" between 0 and "total_quantity" and ("visibility" = 'code') = ("code" is not null))
);--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_shop_code_uq" ON "vouchers" USING btree ("shop_id", "code") WHERE "code" is not null;--> statement-breakpoint
CREATE INDEX "vouchers_shop_idx" ON "vouchers" USING btree ("shop_id", "id");--> statement-breakpoint
CREATE TABLE "voucher_products" (
	"voucher_id" integer NOT NULL REFERENCES "vouchers"("id"),
	"shop_product_id" integer NOT NULL REFERENCES "shop_products"("id") ON DELETE cascade,
	CONSTRAINT "voucher_products_voucher_id_shop_product_id_pk" PRIMARY KEY("voucher_id", "shop_product_id")
);--> statement-breakpoint
CREATE TABLE "voucher_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL REFERENCES "vouchers"("id"),
	"buyer_id" integer NOT NULL REFERENCES "buyers"("id"),
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_claims_voucher_buyer_uq" ON "voucher_claims" USING btree ("voucher_id", "buyer_id");--> statement-breakpoint
CREATE INDEX "voucher_claims_buyer_idx" ON "voucher_claims" USING btree ("buyer_id");--> statement-breakpoint
CREATE TABLE "voucher_uses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL REFERENCES "vouchers"("id"),
	"buyer_id" integer NOT NULL REFERENCES "buyers"("id"),
	"checkout_no" text NOT NULL,
	"discount_cents" bigint NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "voucher_uses_discount_positive" CHECK ("discount_cents" > 0)
);--> statement-breakpoint
CREATE INDEX "voucher_uses_voucher_buyer_idx" ON "voucher_uses" USING btree ("voucher_id", "buyer_id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "voucher_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "voucher_use_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_discount" CHECK ("seller_discount_cents" >= 0 and ("seller_discount_cents" = 0) = ("voucher_id" is null));--> statement-breakpoint
CREATE INDEX "orders_voucher_idx" ON "orders" USING btree ("voucher_id") WHERE "voucher_id" is not null;
