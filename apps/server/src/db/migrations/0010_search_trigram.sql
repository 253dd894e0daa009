-- Search (issue 15): orders by any part of the order number, product name, receiver name or phone,
-- and by buyer; products by any part of their name. pg_trgm GIN indexes answer ILIKE '%…%' without
-- reading the whole table (PGlite loads the same extension, see db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- One expression for the order's searchable text; the phone also digits only, so "0901234567"
-- finds "+84 90 1234567". order-queries.ts spells the same expression (orderSearchText).
CREATE INDEX IF NOT EXISTS "orders_search_trgm_idx" ON "orders" USING gin ((("order_no" || ' ' || "product_name" || ' ' || "receiver_name" || ' ' || "receiver_phone" || ' ' || regexp_replace("receiver_phone", '[^0-9]', '', 'g'))) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "buyers_search_trgm_idx" ON "buyers" USING gin ((("username" || ' ' || "nickname")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_shop_buyer_idx" ON "orders" USING btree ("shop_id", "buyer_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_products_name_trgm_idx" ON "shop_products" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "warehouse_products_name_trgm_idx" ON "warehouse_products" USING gin ("name" gin_trgm_ops);
