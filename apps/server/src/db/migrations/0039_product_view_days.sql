-- The dashboard's traffic and most-viewed figures of the days that are over, kept per (shop, seller's
-- UTC offset, local day) the first time a view asks for them (modules/dashboard/view-days.ts), so a
-- view scans only today's product views live. A day row holds the day's counted views and distinct
-- viewers; its product rows the day's views per product. A write to product_views that touches a
-- stored day (a backdated insert, a product's deletion cascading to its views, an update, a TRUNCATE)
-- deletes the rows of those days in its own transaction; the next view stores them anew.
-- Exactness against a day being stored while a view is written: the writers' trigger holds the shop's
-- advisory lock shared until their commit, the storing transaction takes it exclusively before it
-- reads, so it reads every view committed before it and a write after it deletes what it stored.
CREATE TABLE IF NOT EXISTS "product_view_days" (
  "shop_id" integer NOT NULL,
  "tz_offset" smallint NOT NULL,
  "day" date NOT NULL,
  "starts_at" timestamptz NOT NULL,
  "views" integer NOT NULL,
  "visitors" integer NOT NULL,
  PRIMARY KEY ("shop_id", "tz_offset", "day")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_view_days_shop_start_idx" ON "product_view_days" USING btree ("shop_id", "starts_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "product_view_day_products" (
  "shop_id" integer NOT NULL,
  "tz_offset" smallint NOT NULL,
  "day" date NOT NULL,
  "shop_product_id" integer NOT NULL,
  "views" integer NOT NULL,
  PRIMARY KEY ("shop_id", "tz_offset", "day", "shop_product_id"),
  FOREIGN KEY ("shop_id", "tz_offset", "day") REFERENCES "product_view_days" ("shop_id", "tz_offset", "day") ON DELETE CASCADE
);--> statement-breakpoint
-- Inserts, updates and deletes per statement (their transition tables): the stored days of the shops
-- whose views changed, overlapping the changed views' times, go. A view counted now touches no stored
-- day (only days that are over are stored), so it deletes nothing.
CREATE OR REPLACE FUNCTION product_view_days_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT shop_id, min(created_at) AS first_at, max(created_at) AS last_at FROM changed_rows GROUP BY shop_id ORDER BY shop_id LOOP
    PERFORM pg_advisory_xact_lock_shared(39, r.shop_id);
    DELETE FROM product_view_days d
    WHERE d.shop_id = r.shop_id AND d.starts_at <= r.last_at AND d.starts_at > r.first_at - interval '1 day';
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_view_days_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT shop_id, min(created_at) AS first_at, max(created_at) AS last_at
           FROM (SELECT shop_id, created_at FROM old_rows UNION ALL SELECT shop_id, created_at FROM new_rows) c
           GROUP BY shop_id ORDER BY shop_id LOOP
    PERFORM pg_advisory_xact_lock_shared(39, r.shop_id);
    DELETE FROM product_view_days d
    WHERE d.shop_id = r.shop_id AND d.starts_at <= r.last_at AND d.starts_at > r.first_at - interval '1 day';
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_view_days_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_view_days;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_view_days_insert" ON "product_views";--> statement-breakpoint
CREATE TRIGGER "product_view_days_insert" AFTER INSERT ON "product_views" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_view_days_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_view_days_delete" ON "product_views";--> statement-breakpoint
CREATE TRIGGER "product_view_days_delete" AFTER DELETE ON "product_views" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_view_days_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_view_days_update" ON "product_views";--> statement-breakpoint
CREATE TRIGGER "product_view_days_update" AFTER UPDATE ON "product_views" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_view_days_updated();--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_view_days_truncate" ON "product_views";--> statement-breakpoint
CREATE TRIGGER "product_view_days_truncate" AFTER TRUNCATE ON "product_views"
  FOR EACH STATEMENT EXECUTE FUNCTION product_view_days_truncated();
