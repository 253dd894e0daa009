-- Product variants. A warehouse product has up to two option axes ("options": [{name, values}]) and
-- one variant per combination, each with its own SKU, supplier and suggested price, stock and image.
-- A product without options has one implicit variant (no option values) whose SKU is SD-<product id>.
-- A shop product carries one shop variant per warehouse variant: the seller's stock, purchase price
-- and sales live there, and the seller may switch one off. shop_products.stock stays the sum of the
-- enabled variants' stock and purchase_price_cents the lowest enabled purchase price, so lists and
-- totals read the product row as before. An order line and a cart line name their variant.
ALTER TABLE "warehouse_products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE TABLE "warehouse_variants" (
  "id" serial PRIMARY KEY,
  "warehouse_product_id" integer NOT NULL REFERENCES "warehouse_products"("id") ON DELETE CASCADE,
  "sku" text NOT NULL,
  "option_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "purchase_price_cents" bigint NOT NULL,
  "suggested_price_cents" bigint NOT NULL,
  "stock" integer DEFAULT 0 NOT NULL,
  "image" text,
  "position" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "warehouse_variants_sku_uq" UNIQUE ("sku"),
  CONSTRAINT "warehouse_variants_values" CHECK ("purchase_price_cents" > 0 AND "suggested_price_cents" > 0 AND "stock" >= 0)
);--> statement-breakpoint
CREATE INDEX "warehouse_variants_product_idx" ON "warehouse_variants" ("warehouse_product_id", "position", "id");--> statement-breakpoint
CREATE TABLE "shop_product_variants" (
  "id" serial PRIMARY KEY,
  "shop_id" integer NOT NULL REFERENCES "shops"("id"),
  "shop_product_id" integer NOT NULL REFERENCES "shop_products"("id") ON DELETE CASCADE,
  "warehouse_variant_id" integer NOT NULL REFERENCES "warehouse_variants"("id") ON DELETE CASCADE,
  "purchase_price_cents" bigint NOT NULL,
  "stock" integer DEFAULT 0 NOT NULL,
  "total_sales" integer DEFAULT 0 NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  CONSTRAINT "shop_product_variants_uq" UNIQUE ("shop_product_id", "warehouse_variant_id")
);--> statement-breakpoint
CREATE INDEX "shop_product_variants_warehouse_idx" ON "shop_product_variants" ("warehouse_variant_id");--> statement-breakpoint
-- Existing products: one implicit variant each, at today's figures. The suggested price of a
-- migrated product is its price at the middle of the suggested profit ratios (20%).
INSERT INTO "warehouse_variants" ("warehouse_product_id", "sku", "purchase_price_cents", "suggested_price_cents", "stock")
SELECT "id", 'SD-' || "id", "purchase_price_cents", round("purchase_price_cents" * 1.2), greatest("stock", 0) FROM "warehouse_products";--> statement-breakpoint
INSERT INTO "shop_product_variants" ("shop_id", "shop_product_id", "warehouse_variant_id", "purchase_price_cents", "stock", "total_sales")
SELECT sp."shop_id", sp."id", wv."id", sp."purchase_price_cents", sp."stock", sp."total_sales"
FROM "shop_products" sp JOIN "warehouse_variants" wv ON wv."warehouse_product_id" = sp."warehouse_product_id";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "variant_id" integer REFERENCES "shop_product_variants"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "variant_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "variant_sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "variant_id" = v."id", "variant_sku" = wv."sku"
FROM "shop_product_variants" v JOIN "warehouse_variants" wv ON wv."id" = v."warehouse_variant_id"
WHERE v."shop_product_id" = o."shop_product_id";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" integer REFERENCES "shop_product_variants"("id") ON DELETE CASCADE;--> statement-breakpoint
UPDATE "cart_items" c SET "variant_id" = v."id" FROM "shop_product_variants" v WHERE v."shop_product_id" = c."shop_product_id";--> statement-breakpoint
DROP INDEX "cart_items_buyer_product_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_buyer_variant_uq" ON "cart_items" ("buyer_id", "variant_id");--> statement-breakpoint
-- Every way a product comes into being (the console, the spreadsheet import, the demo seed, test
-- fixtures) gets its variants here, so no path can leave a product without one.
CREATE OR REPLACE FUNCTION warehouse_product_implicit_variant() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO warehouse_variants (warehouse_product_id, sku, purchase_price_cents, suggested_price_cents, stock)
  VALUES (NEW.id, 'SD-' || NEW.id, NEW.purchase_price_cents, round(NEW.purchase_price_cents * 1.2), greatest(NEW.stock, 0));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER warehouse_products_implicit_variant AFTER INSERT ON warehouse_products
FOR EACH ROW EXECUTE FUNCTION warehouse_product_implicit_variant();--> statement-breakpoint
-- A new shop product carries every variant of its warehouse product. With one variant the shop
-- product's own stock and purchase price are that variant's (as a product was before variants);
-- with several, each starts at its warehouse variant's and the product row sums them up.
CREATE OR REPLACE FUNCTION shop_product_variants_create() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  SELECT count(*) INTO n FROM warehouse_variants WHERE warehouse_product_id = NEW.warehouse_product_id;
  INSERT INTO shop_product_variants (shop_id, shop_product_id, warehouse_variant_id, purchase_price_cents, stock, total_sales)
  SELECT NEW.shop_id, NEW.id, wv.id,
         CASE WHEN n = 1 THEN NEW.purchase_price_cents ELSE wv.purchase_price_cents END,
         CASE WHEN n = 1 THEN NEW.stock ELSE wv.stock END,
         CASE WHEN n = 1 THEN NEW.total_sales ELSE 0 END
  FROM warehouse_variants wv WHERE wv.warehouse_product_id = NEW.warehouse_product_id;
  IF n > 1 THEN
    UPDATE shop_products SET
      stock = (SELECT coalesce(sum(stock), 0) FROM shop_product_variants WHERE shop_product_id = NEW.id AND enabled),
      purchase_price_cents = (SELECT min(purchase_price_cents) FROM shop_product_variants WHERE shop_product_id = NEW.id AND enabled)
    WHERE id = NEW.id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER shop_products_variants AFTER INSERT ON shop_products
FOR EACH ROW EXECUTE FUNCTION shop_product_variants_create();--> statement-breakpoint
-- A cart line or order written without a variant (only possible for a product with one) takes
-- the product's first variant.
CREATE OR REPLACE FUNCTION cart_item_default_variant() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.variant_id IS NULL THEN
    SELECT id INTO NEW.variant_id FROM shop_product_variants WHERE shop_product_id = NEW.shop_product_id ORDER BY id LIMIT 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER cart_items_default_variant BEFORE INSERT ON cart_items
FOR EACH ROW EXECUTE FUNCTION cart_item_default_variant();--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_default_variant() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.variant_id IS NULL AND NEW.shop_product_id IS NOT NULL THEN
    SELECT v.id, wv.sku INTO NEW.variant_id, NEW.variant_sku
    FROM shop_product_variants v JOIN warehouse_variants wv ON wv.id = v.warehouse_variant_id
    WHERE v.shop_product_id = NEW.shop_product_id ORDER BY v.id LIMIT 1;
    NEW.variant_sku := coalesce(NEW.variant_sku, '');
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_default_variant BEFORE INSERT ON orders
FOR EACH ROW EXECUTE FUNCTION order_default_variant();
--> statement-breakpoint
-- A product with one variant may still be written as a whole (the seller's stock field, the
-- warehouse's price and stock, older tools): the one variant follows the product row.
CREATE OR REPLACE FUNCTION shop_product_single_variant_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shop_product_variants v SET stock = NEW.stock, purchase_price_cents = NEW.purchase_price_cents
  WHERE v.shop_product_id = NEW.id AND (v.stock <> NEW.stock OR v.purchase_price_cents <> NEW.purchase_price_cents)
    AND (SELECT count(*) FROM shop_product_variants c WHERE c.shop_product_id = NEW.id) = 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER shop_products_single_variant_follow AFTER UPDATE OF stock, purchase_price_cents ON shop_products
FOR EACH ROW WHEN (NEW.stock IS DISTINCT FROM OLD.stock OR NEW.purchase_price_cents IS DISTINCT FROM OLD.purchase_price_cents)
EXECUTE FUNCTION shop_product_single_variant_follow();--> statement-breakpoint
CREATE OR REPLACE FUNCTION warehouse_product_single_variant_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE warehouse_variants v SET stock = greatest(NEW.stock, 0), purchase_price_cents = NEW.purchase_price_cents
  WHERE v.warehouse_product_id = NEW.id AND v.option_values = '[]'::jsonb
    AND (v.stock <> greatest(NEW.stock, 0) OR v.purchase_price_cents <> NEW.purchase_price_cents)
    AND (SELECT count(*) FROM warehouse_variants c WHERE c.warehouse_product_id = NEW.id) = 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER warehouse_products_single_variant_follow AFTER UPDATE OF stock, purchase_price_cents ON warehouse_products
FOR EACH ROW WHEN (NEW.stock IS DISTINCT FROM OLD.stock OR NEW.purchase_price_cents IS DISTINCT FROM OLD.purchase_price_cents)
EXECUTE FUNCTION warehouse_product_single_variant_follow();
