-- Order search at 1,000,000 orders (issue 15, bench/orders/search.ts; docs/decisions.md "Order
-- search at scale"). The searchable text is stored once per order, already lowercased: a search
-- reading a shop's newest orders matches each with one LIKE instead of building the text (four
-- concatenations and a regexp_replace) and lowercasing it for ILIKE on every row. ILIKE in a UTF-8
-- database is exactly lower(text) LIKE lower(pattern), so the answers are the same.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("order_no" || ' ' || "product_name" || ' ' || "receiver_name" || ' ' || "receiver_phone" || ' ' || regexp_replace("receiver_phone", '[^0-9]', '', 'g'))) STORED;
--> statement-breakpoint
-- The trigram index of 0010 covered every shop's orders: a big shop's search rechecked the
-- candidates of all shops (137,895 rows for "product 7" to keep 1,000). With shop_id as the first
-- key (btree_gin) the index answers only the shop's candidates.
DROP INDEX IF EXISTS "orders_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_shop_search_trgm_idx" ON "orders" USING gin ("shop_id", "search_text" gin_trgm_ops);
