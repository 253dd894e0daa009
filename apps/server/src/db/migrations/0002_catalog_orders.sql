CREATE TABLE "buyer_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "promotion_packages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"validity_days" integer NOT NULL,
	"max_recommended" integer NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotion_packages_validity" CHECK ("promotion_packages"."expires_at" > "promotion_packages"."purchased_at" and "promotion_packages"."max_recommended" >= 0 and "promotion_packages"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"shop_product_id" integer,
	"buyer_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reply" text,
	"reply_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_shop_product_id_shop_products_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_request_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyer_sessions" ADD CONSTRAINT "buyer_sessions_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_packages" ADD CONSTRAINT "promotion_packages_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_shop_product_id_shop_products_id_fk" FOREIGN KEY ("shop_product_id") REFERENCES "public"."shop_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_sessions_buyer_idx" ON "buyer_sessions" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "promotion_packages_shop_idx" ON "promotion_packages" USING btree ("shop_id","expires_at");--> statement-breakpoint
CREATE INDEX "reviews_shop_created_idx" ON "reviews" USING btree ("shop_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("shop_product_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_product_id_shop_products_id_fk" FOREIGN KEY ("shop_product_id") REFERENCES "public"."shop_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_overdue_idx" ON "orders" USING btree ("purchase_deadline") WHERE "orders"."payment_status" = 'paid' and "orders"."purchase_status" <> 'purchased' and "orders"."overtime_penalized_at" is null;--> statement-breakpoint
CREATE INDEX "orders_shop_refund_idx" ON "orders" USING btree ("shop_id","refund_request_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."refund_status" is not null;--> statement-breakpoint
CREATE INDEX "orders_shipping_idx" ON "orders" USING btree ("shipping_status","id") WHERE "orders"."purchase_status" = 'purchased' and "orders"."shipping_status" <> 'signed';