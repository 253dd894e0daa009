-- A warehouse product's option axes (names and values) in the other interface languages, beside its
-- name and description: the same axes and values in the same order as warehouse_products.options,
-- translated; '[]' (and an empty text within) falls back to the product's own. A language may have
-- option texts only: its empty name and description fall back as before.
ALTER TABLE "warehouse_product_texts" ADD COLUMN IF NOT EXISTS "options" jsonb DEFAULT '[]'::jsonb NOT NULL;
