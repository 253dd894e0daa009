-- Users, roles and settings (issue 11, wave 2). A seller account works in one shop with a role
-- there (SPEC §6: admin or ordinary user); the shop's owner is its first admin. Both columns are
-- null for operators and set together for sellers.
ALTER TABLE "users" ADD COLUMN "shop_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shop_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_shop_membership" CHECK (("shop_id" IS NULL AND "shop_role" IS NULL) OR ("shop_id" IS NOT NULL AND "shop_role" IN ('admin', 'user')));--> statement-breakpoint
CREATE INDEX "users_shop_idx" ON "users" USING btree ("shop_id","id");--> statement-breakpoint
-- General settings kept per shop: the back office's site name and site logo (URL).
ALTER TABLE "shops" ADD COLUMN "site_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "site_logo" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Backfill: every existing shop's owner is an admin of it.
UPDATE "users" SET "shop_id" = s."id", "shop_role" = 'admin' FROM "shops" s WHERE s."owner_user_id" = "users"."id";--> statement-breakpoint
-- A shop created later (the demo seed, tests, benches, the ops console) makes its owner an admin
-- of it in the same statement, so no code path can leave an owner outside their shop.
CREATE OR REPLACE FUNCTION shops_owner_is_admin() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET shop_id = NEW.id, shop_role = 'admin' WHERE id = NEW.owner_user_id AND shop_id IS NULL;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER shops_owner_is_admin AFTER INSERT ON "shops" FOR EACH ROW EXECUTE FUNCTION shops_owner_is_admin();
