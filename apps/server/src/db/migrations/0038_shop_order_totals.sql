-- A shop's orders and sales ever (the dashboard overview) without reading every order of the shop:
-- a per-shop total kept exact by the database itself. Every write to orders that changes the
-- figures appends a delta row in its own transaction (triggers below), so checkouts of one shop never
-- wait on a shared row; the shop-order-totals job folds the deltas into one row per shop and deletes
-- them in the same transaction. A read is the folded row plus the deltas not yet folded, in one
-- snapshot, so it equals count(*) and the sales sum over orders at that snapshot.
CREATE TABLE IF NOT EXISTS "shop_order_totals" (
  "shop_id" integer PRIMARY KEY NOT NULL,
  "order_count" bigint NOT NULL,
  "sales_cents" bigint NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shop_order_total_deltas" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "shop_id" integer NOT NULL,
  "order_count" bigint NOT NULL,
  "sales_cents" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_order_total_deltas_shop_idx" ON "shop_order_total_deltas" USING btree ("shop_id") INCLUDE ("order_count", "sales_cents");--> statement-breakpoint
-- A sale (ORDER_CONDITIONS.sale: paid or completed, no approved refund), the orders whose amount
-- counts toward the shop's sales. A test checks it against the shared lifecycle for every status.
CREATE OR REPLACE FUNCTION order_is_sale(p_payment text, p_refund text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_payment IN ('paid', 'completed') AND p_refund IS DISTINCT FROM 'approved'
$$;--> statement-breakpoint
-- Inserts and deletes per statement (their transition tables): a seed or a bulk load of many orders
-- appends one delta per shop, not one per order.
CREATE OR REPLACE FUNCTION shop_order_totals_on_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shop_order_total_deltas (shop_id, order_count, sales_cents)
  SELECT shop_id, count(*), coalesce(sum(amount_cents) FILTER (WHERE order_is_sale(payment_status, refund_status)), 0)
  FROM inserted_orders GROUP BY shop_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_order_totals_on_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shop_order_total_deltas (shop_id, order_count, sales_cents)
  SELECT shop_id, -count(*), -coalesce(sum(amount_cents) FILTER (WHERE order_is_sale(payment_status, refund_status)), 0)
  FROM deleted_orders GROUP BY shop_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Updates per row, and only when a column the figures read changes (the trigger's WHEN, checked
-- without calling the function): most updates of an order (purchase, shipping, timestamps) append
-- nothing, and a status change that keeps the order a sale (paid to completed) appends nothing either.
CREATE OR REPLACE FUNCTION shop_order_totals_on_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_old bigint := CASE WHEN order_is_sale(OLD.payment_status, OLD.refund_status) THEN OLD.amount_cents ELSE 0 END;
  v_new bigint := CASE WHEN order_is_sale(NEW.payment_status, NEW.refund_status) THEN NEW.amount_cents ELSE 0 END;
BEGIN
  IF OLD.shop_id <> NEW.shop_id THEN
    INSERT INTO shop_order_total_deltas (shop_id, order_count, sales_cents) VALUES (OLD.shop_id, -1, -v_old), (NEW.shop_id, 1, v_new);
  ELSIF v_new <> v_old THEN
    INSERT INTO shop_order_total_deltas (shop_id, order_count, sales_cents) VALUES (NEW.shop_id, 0, v_new - v_old);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- TRUNCATE fires no row or statement delete trigger: the totals go with the orders.
CREATE OR REPLACE FUNCTION shop_order_totals_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shop_order_total_deltas;
  DELETE FROM shop_order_totals;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_totals_insert" ON "orders";--> statement-breakpoint
CREATE TRIGGER "orders_totals_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS inserted_orders
  FOR EACH STATEMENT EXECUTE FUNCTION shop_order_totals_on_insert();--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_totals_delete" ON "orders";--> statement-breakpoint
CREATE TRIGGER "orders_totals_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS deleted_orders
  FOR EACH STATEMENT EXECUTE FUNCTION shop_order_totals_on_delete();--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_totals_update" ON "orders";--> statement-breakpoint
CREATE TRIGGER "orders_totals_update" AFTER UPDATE OF shop_id, payment_status, refund_status, amount_cents ON "orders"
  FOR EACH ROW WHEN (OLD.shop_id IS DISTINCT FROM NEW.shop_id OR OLD.payment_status IS DISTINCT FROM NEW.payment_status
    OR OLD.refund_status IS DISTINCT FROM NEW.refund_status OR OLD.amount_cents IS DISTINCT FROM NEW.amount_cents)
  EXECUTE FUNCTION shop_order_totals_on_update();--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_totals_truncate" ON "orders";--> statement-breakpoint
CREATE TRIGGER "orders_totals_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION shop_order_totals_on_truncate();--> statement-breakpoint
-- The orders already there, folded at once. Creating the triggers locked orders against writes until
-- the migrations commit, so no write slips in between this read and the triggers (counted twice or
-- not at all).
DELETE FROM "shop_order_total_deltas";--> statement-breakpoint
INSERT INTO "shop_order_totals" (shop_id, order_count, sales_cents)
SELECT shop_id, count(*), coalesce(sum(amount_cents) FILTER (WHERE order_is_sale(payment_status, refund_status)), 0)
FROM "orders" GROUP BY shop_id
ON CONFLICT (shop_id) DO UPDATE SET order_count = excluded.order_count, sales_cents = excluded.sales_cents;
