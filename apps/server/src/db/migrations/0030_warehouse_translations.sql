-- A warehouse product's name and description in the other interface languages. The product's own
-- name and description are its English text, the one every reader falls back to, so existing
-- products keep theirs as English and need no copy here.
CREATE TABLE IF NOT EXISTS "warehouse_product_texts" (
  "warehouse_product_id" integer NOT NULL REFERENCES "warehouse_products"("id") ON DELETE CASCADE,
  "lang" text NOT NULL,
  "name" text DEFAULT '' NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  CONSTRAINT "warehouse_product_texts_pk" PRIMARY KEY ("warehouse_product_id", "lang"),
  CONSTRAINT "warehouse_product_texts_lang_values" CHECK ("lang" in ('zh-CN', 'vi-VN', 'th-TH', 'tl-PH', 'ms-MY', 'id-ID', 'ja-JP', 'ko-KR'))
);
--> statement-breakpoint
-- The mall's and the warehouse's search find a product by its name in the reader's language.
CREATE INDEX IF NOT EXISTS "warehouse_product_texts_name_trgm_idx" ON "warehouse_product_texts" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
-- Pictures shown after the cover on the product page, in order (at most 8).
ALTER TABLE "warehouse_products" ADD COLUMN IF NOT EXISTS "gallery" jsonb DEFAULT '[]'::jsonb NOT NULL;
