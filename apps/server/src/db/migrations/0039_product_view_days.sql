-- The dashboard's traffic without grouping every product view of the window by (day, viewer) and by
-- viewer. The days that are over are kept per (shop, seller's UTC offset, local day) the first time a
-- view asks for them (modules/dashboard/view-days.ts), so a view groups only today's product views
-- live: a day's counted views and distinct viewers. A write to product_views that touches a
-- stored day (a backdated insert, a product's deletion cascading to its views, an update, a TRUNCATE)
-- deletes those days in its own transaction; the next view stores them anew. Exactness against a day
-- being stored while a view is written: the writers' trigger holds the shop's advisory lock shared
-- until their commit, the storing transaction takes it exclusively before it reads, so it reads every
-- view committed before it, and a write after it deletes what it stored.
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
-- Each viewer's latest counted view per shop: the window's distinct visitors are the viewers seen
-- since the window's start, counted from an index instead of hashing every view of the window.
-- Kept by the same triggers in the writing transaction, so it equals max(created_at) per (shop,
-- viewer) over product_views at every snapshot.
CREATE TABLE IF NOT EXISTS "product_viewers" (
  "shop_id" integer NOT NULL,
  "viewer_key" text NOT NULL,
  "last_seen_at" timestamptz NOT NULL,
  PRIMARY KEY ("shop_id", "viewer_key")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_viewers_shop_seen_idx" ON "product_viewers" USING btree ("shop_id", "last_seen_at");--> statement-breakpoint
INSERT INTO "product_viewers" ("shop_id", "viewer_key", "last_seen_at")
SELECT shop_id, viewer_key, max(created_at) FROM product_views GROUP BY shop_id, viewer_key
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Inserts, deletes (a product's deletion cascades to its views) and updates per statement (their
-- transition tables; an update fires twice, for its old rows and its new ones). The stored days of
-- the shops whose views changed, overlapping the changed views' times, go, under the shop's advisory
-- lock held shared until commit, in shop order; a view counted now touches no stored day (only days
-- that are over are stored), so it deletes nothing. An inserted view moves its viewer's latest view
-- forward; after a delete or an update the touched viewers' latest view is looked up again among the
-- shop's views, in one pass over them (a hash join: a nested loop would scan the shop's views once
-- per viewer).
CREATE OR REPLACE FUNCTION product_views_changed() RETURNS trigger
LANGUAGE plpgsql SET enable_nestloop = off AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT shop_id, min(created_at) AS first_at, max(created_at) AS last_at FROM changed_rows GROUP BY shop_id ORDER BY shop_id LOOP
    PERFORM pg_advisory_xact_lock_shared(23865, r.shop_id); -- 0x5d39, VIEW_DAYS_LOCK_CLASS in view-days.ts
    DELETE FROM product_view_days d WHERE d.shop_id = r.shop_id AND d.starts_at <= r.last_at AND d.starts_at > r.first_at - interval '1 day';
  END LOOP;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_viewers AS p (shop_id, viewer_key, last_seen_at)
    SELECT shop_id, viewer_key, max(created_at) FROM changed_rows GROUP BY shop_id, viewer_key ORDER BY shop_id, viewer_key
    ON CONFLICT (shop_id, viewer_key) DO UPDATE SET last_seen_at = excluded.last_seen_at WHERE excluded.last_seen_at > p.last_seen_at;
  ELSE
    DELETE FROM product_viewers p USING (SELECT DISTINCT shop_id, viewer_key FROM changed_rows) c
    WHERE p.shop_id = c.shop_id AND p.viewer_key = c.viewer_key;
    INSERT INTO product_viewers AS p (shop_id, viewer_key, last_seen_at)
    SELECT v.shop_id, v.viewer_key, max(v.created_at)
    FROM product_views v JOIN (SELECT DISTINCT shop_id, viewer_key FROM changed_rows) c ON v.shop_id = c.shop_id AND v.viewer_key = c.viewer_key
    GROUP BY v.shop_id, v.viewer_key ORDER BY v.shop_id, v.viewer_key
    ON CONFLICT (shop_id, viewer_key) DO UPDATE SET last_seen_at = excluded.last_seen_at WHERE excluded.last_seen_at > p.last_seen_at;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- TRUNCATE fires no delete trigger: what is kept of the views goes with them.
CREATE OR REPLACE FUNCTION product_views_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_view_days;
  DELETE FROM product_viewers;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_views_insert" ON "product_views";--> statement-breakpoint
CREATE TRIGGER "product_views_insert" AFTER INSERT ON "product_views" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_views_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_views_delete" ON "product_views";--> statement-breakpoint
CREATE TRIGGER "product_views_delete" AFTER DELETE ON "product_views" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_views_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_views_update_old" ON "product_views";--> statement-breakpoint
CREATE TRIGGER "product_views_update_old" AFTER UPDATE ON "product_views" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_views_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_views_update_new" ON "product_views";--> statement-breakpoint
CREATE TRIGGER "product_views_update_new" AFTER UPDATE ON "product_views" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_views_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_views_truncate" ON "product_views";--> statement-breakpoint
CREATE TRIGGER "product_views_truncate" AFTER TRUNCATE ON "product_views"
  FOR EACH STATEMENT EXECUTE FUNCTION product_views_truncated();
