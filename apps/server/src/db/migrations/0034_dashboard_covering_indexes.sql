-- The dashboard's figures of a shop of 100,000 orders (bench:dashboard): every section aggregates
-- the shop's orders or product views of a window. These covering indexes let each read only the
-- index (an index-only scan) instead of one heap page per row. The views' index replaces the
-- (shop_id, created_at) one it extends.
CREATE INDEX IF NOT EXISTS "orders_shop_stats_idx" ON "orders" USING btree ("shop_id","created_at") INCLUDE ("payment_status","purchase_status","shipping_status","refund_status","amount_cents","profit_cents","quantity","shop_product_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_views_shop_time_cover_idx" ON "product_views" USING btree ("shop_id","created_at") INCLUDE ("viewer_key","shop_product_id");--> statement-breakpoint
DROP INDEX IF EXISTS "product_views_shop_time_idx";
