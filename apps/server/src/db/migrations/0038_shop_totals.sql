-- A shop's all-time figures (the dashboard overview's orders and sales ever, reviews and rating; the
-- to-do strip's reviews without a reply) without reading every order or review the shop ever had:
-- per-shop totals kept exact by the database itself. Every write to orders or reviews that changes a
-- figure appends a delta row in its own transaction (triggers below), so checkouts of one shop never
-- wait on a shared row; the shop-totals job folds the deltas into one row per shop and deletes them
-- in the same transaction. A read is the folded row plus the deltas not yet folded, in one snapshot,
-- so it equals the aggregates over orders and reviews at that snapshot.
CREATE TABLE IF NOT EXISTS "shop_totals" (
  "shop_id" integer PRIMARY KEY NOT NULL,
  "order_count" bigint DEFAULT 0 NOT NULL,
  "sales_cents" bigint DEFAULT 0 NOT NULL,
  "review_count" bigint DEFAULT 0 NOT NULL,
  "rating_sum" bigint DEFAULT 0 NOT NULL,
  "unanswered_reviews" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shop_total_deltas" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "shop_id" integer NOT NULL,
  "order_count" bigint DEFAULT 0 NOT NULL,
  "sales_cents" bigint DEFAULT 0 NOT NULL,
  "review_count" bigint DEFAULT 0 NOT NULL,
  "rating_sum" bigint DEFAULT 0 NOT NULL,
  "unanswered_reviews" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_total_deltas_shop_idx" ON "shop_total_deltas" USING btree ("shop_id");--> statement-breakpoint
-- A sale (ORDER_CONDITIONS.sale: paid or completed, no approved refund), the orders whose amount
-- counts toward the shop's sales. A test checks it against the shared lifecycle for every status.
CREATE OR REPLACE FUNCTION order_is_sale(p_payment text, p_refund text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_payment IN ('paid', 'completed') AND p_refund IS DISTINCT FROM 'approved'
$$;--> statement-breakpoint
-- Inserts and deletes per statement (their transition tables): a seed or a bulk load of many rows
-- appends one delta per shop, not one per row.
CREATE OR REPLACE FUNCTION shop_totals_orders_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_sign integer := CASE TG_OP WHEN 'DELETE' THEN -1 ELSE 1 END;
BEGIN
  INSERT INTO shop_total_deltas (shop_id, order_count, sales_cents)
  SELECT shop_id, v_sign * count(*), v_sign * coalesce(sum(amount_cents) FILTER (WHERE order_is_sale(payment_status, refund_status)), 0)
  FROM changed_rows GROUP BY shop_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Updates per row, and only when a column the figures read changes (the trigger's WHEN, checked
-- without calling the function): most updates of an order (purchase, shipping, timestamps) append
-- nothing, and a status change that keeps the order a sale (paid to completed) appends nothing either.
CREATE OR REPLACE FUNCTION shop_totals_order_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_old bigint := CASE WHEN order_is_sale(OLD.payment_status, OLD.refund_status) THEN OLD.amount_cents ELSE 0 END;
  v_new bigint := CASE WHEN order_is_sale(NEW.payment_status, NEW.refund_status) THEN NEW.amount_cents ELSE 0 END;
BEGIN
  IF OLD.shop_id <> NEW.shop_id THEN
    INSERT INTO shop_total_deltas (shop_id, order_count, sales_cents) VALUES (OLD.shop_id, -1, -v_old), (NEW.shop_id, 1, v_new);
  ELSIF v_new <> v_old THEN
    INSERT INTO shop_total_deltas (shop_id, sales_cents) VALUES (NEW.shop_id, v_new - v_old);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_totals_reviews_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_sign integer := CASE TG_OP WHEN 'DELETE' THEN -1 ELSE 1 END;
BEGIN
  INSERT INTO shop_total_deltas (shop_id, review_count, rating_sum, unanswered_reviews)
  SELECT shop_id, v_sign * count(*), v_sign * sum(rating), v_sign * count(*) FILTER (WHERE reply IS NULL)
  FROM changed_rows GROUP BY shop_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_totals_review_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shop_total_deltas (shop_id, review_count, rating_sum, unanswered_reviews)
  VALUES (OLD.shop_id, -1, -OLD.rating, CASE WHEN OLD.reply IS NULL THEN -1 ELSE 0 END),
         (NEW.shop_id, 1, NEW.rating, CASE WHEN NEW.reply IS NULL THEN 1 ELSE 0 END);
  RETURN NULL;
END $$;--> statement-breakpoint
-- TRUNCATE fires no row or statement delete trigger: the table's figures go with its rows.
CREATE OR REPLACE FUNCTION shop_totals_orders_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shop_total_deltas SET order_count = 0, sales_cents = 0;
  UPDATE shop_totals SET order_count = 0, sales_cents = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_totals_reviews_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shop_total_deltas SET review_count = 0, rating_sum = 0, unanswered_reviews = 0;
  UPDATE shop_totals SET review_count = 0, rating_sum = 0, unanswered_reviews = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "shop_totals_insert" ON "orders";--> statement-breakpoint
CREATE TRIGGER "shop_totals_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_totals_orders_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "shop_totals_delete" ON "orders";--> statement-breakpoint
CREATE TRIGGER "shop_totals_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_totals_orders_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "shop_totals_update" ON "orders";--> statement-breakpoint
CREATE TRIGGER "shop_totals_update" AFTER UPDATE OF shop_id, payment_status, refund_status, amount_cents ON "orders"
  FOR EACH ROW WHEN (OLD.shop_id IS DISTINCT FROM NEW.shop_id OR OLD.payment_status IS DISTINCT FROM NEW.payment_status
    OR OLD.refund_status IS DISTINCT FROM NEW.refund_status OR OLD.amount_cents IS DISTINCT FROM NEW.amount_cents)
  EXECUTE FUNCTION shop_totals_order_updated();--> statement-breakpoint
DROP TRIGGER IF EXISTS "shop_totals_truncate" ON "orders";--> statement-breakpoint
CREATE TRIGGER "shop_totals_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION shop_totals_orders_truncated();--> statement-breakpoint
DROP TRIGGER IF EXISTS "shop_totals_insert" ON "reviews";--> statement-breakpoint
CREATE TRIGGER "shop_totals_insert" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_totals_reviews_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "shop_totals_delete" ON "reviews";--> statement-breakpoint
CREATE TRIGGER "shop_totals_delete" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_totals_reviews_changed();--> statement-breakpoint
-- A seller's reply is the one update a review gets: it moves the review out of "unanswered".
DROP TRIGGER IF EXISTS "shop_totals_update" ON "reviews";--> statement-breakpoint
CREATE TRIGGER "shop_totals_update" AFTER UPDATE OF shop_id, rating, reply ON "reviews"
  FOR EACH ROW WHEN (OLD.shop_id IS DISTINCT FROM NEW.shop_id OR OLD.rating IS DISTINCT FROM NEW.rating
    OR (OLD.reply IS NULL) IS DISTINCT FROM (NEW.reply IS NULL))
  EXECUTE FUNCTION shop_totals_review_updated();--> statement-breakpoint
DROP TRIGGER IF EXISTS "shop_totals_truncate" ON "reviews";--> statement-breakpoint
CREATE TRIGGER "shop_totals_truncate" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION shop_totals_reviews_truncated();--> statement-breakpoint
-- The rows already there, folded at once. Creating the triggers locked both tables against writes
-- until the migrations commit, so no write slips in between this read and the triggers (counted
-- twice or not at all).
DELETE FROM "shop_total_deltas";--> statement-breakpoint
INSERT INTO "shop_totals" (shop_id, order_count, sales_cents, review_count, rating_sum, unanswered_reviews)
SELECT shop_id, sum(order_count), sum(sales_cents), sum(review_count), sum(rating_sum), sum(unanswered_reviews)
FROM (
  SELECT shop_id, count(*) AS order_count, coalesce(sum(amount_cents) FILTER (WHERE order_is_sale(payment_status, refund_status)), 0) AS sales_cents,
    0 AS review_count, 0 AS rating_sum, 0 AS unanswered_reviews
  FROM "orders" GROUP BY shop_id
  UNION ALL
  SELECT shop_id, 0, 0, count(*), sum(rating), count(*) FILTER (WHERE reply IS NULL)
  FROM "reviews" GROUP BY shop_id
) t GROUP BY shop_id
ON CONFLICT (shop_id) DO UPDATE SET order_count = excluded.order_count, sales_cents = excluded.sales_cents,
  review_count = excluded.review_count, rating_sum = excluded.rating_sum, unanswered_reviews = excluded.unanswered_reviews;
