-- A seller's product spreadsheet imports: what each changed row held before, so the last import can be undone.
CREATE TABLE "product_sheet_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL REFERENCES "shops"("id"),
	"format" text NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "product_sheet_imports_format_values" CHECK ("format" in ('xlsx', 'csv'))
);--> statement-breakpoint
CREATE INDEX "product_sheet_imports_shop_idx" ON "product_sheet_imports" ("shop_id", "id");
