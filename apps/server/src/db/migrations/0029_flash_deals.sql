-- Flash deals: one shop product sold at a deal price for a time window, up to a stock cap of deal
-- units (sold_count never passes it: the checkout's conditional update). An order bought at the deal
-- keeps the deal and the normal unit price (its unit_price_cents is the deal price); the units come
-- back to the cap when the order is cancelled or refunded while the deal still runs
-- (deal_returned_at says they did).
CREATE TABLE "flash_deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL REFERENCES "shops"("id"),
	"shop_product_id" integer NOT NULL REFERENCES "shop_products"("id") ON DELETE cascade,
	"deal_price_cents" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"stock_cap" integer NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flash_deals_shape" CHECK ("deal_price_cents" > 0 and "ends_at" > "starts_at" and "stock_cap" >= 1 and "sold_count" between 0 and "stock_cap")
);--> statement-breakpoint
CREATE INDEX "flash_deals_shop_idx" ON "flash_deals" USING btree ("shop_id", "id");--> statement-breakpoint
CREATE INDEX "flash_deals_product_idx" ON "flash_deals" USING btree ("shop_product_id", "ends_at");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flash_deal_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "normal_unit_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deal_returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_flash_deal" CHECK (("flash_deal_id" is null) = ("normal_unit_price_cents" is null) and ("normal_unit_price_cents" is null or "normal_unit_price_cents" > "unit_price_cents") and ("deal_returned_at" is null or "flash_deal_id" is not null));--> statement-breakpoint
CREATE INDEX "orders_flash_deal_idx" ON "orders" USING btree ("flash_deal_id") WHERE "flash_deal_id" is not null;
