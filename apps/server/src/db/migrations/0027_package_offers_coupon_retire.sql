-- The promotion packages on sale become a table an operator edits in the console (price, validity,
-- product count, on sale or retired), seeded with the values the code had. A purchase keeps its
-- own price, validity and product count (promotion_packages), so a change never alters one bought.
CREATE TABLE "package_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"validity_days" integer NOT NULL,
	"max_recommended" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_offers_type_uq" UNIQUE("type"),
	CONSTRAINT "package_offers_terms" CHECK ("price_cents" > 0 and "validity_days" between 1 and 365 and "max_recommended" between 1 and 500)
);--> statement-breakpoint
ALTER TABLE "package_offers" ADD CONSTRAINT "package_offers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "package_offers" ("type", "price_cents", "validity_days", "max_recommended") VALUES
	('silver', 19900, 15, 5),
	('gold', 49900, 30, 20),
	('diamond', 99900, 30, 50);--> statement-breakpoint
-- A retired coupon is no longer listed or claimed; claims already made stay usable within its dates.
ALTER TABLE "coupons" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
