-- A seller finds an order by its variant too: the variant's name ("Blue, M") and SKU join the
-- searchable text. A generated column's expression cannot be altered: the column (and its index) is
-- made again, which rewrites the orders table once.
ALTER TABLE "orders" DROP COLUMN IF EXISTS "search_text";
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("order_no" || ' ' || "product_name" || ' ' || "variant_name" || ' ' || "variant_sku" || ' ' || "receiver_name" || ' ' || "receiver_phone" || ' ' || regexp_replace("receiver_phone", '[^0-9]', '', 'g'))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_shop_search_trgm_idx" ON "orders" USING gin ("shop_id", "search_text" gin_trgm_ops);
