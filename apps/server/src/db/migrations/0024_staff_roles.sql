-- Staff roles with permissions per area (docs/decisions.md, "Staff roles and permissions"). The five
-- default roles are shared rows (shop_id null, key set; their matrices are fixed in the code); a
-- shop's own roles carry their matrix. A seller's shop_role (admin or user) becomes a role_id:
-- the shop's owner account -> owner, other admins -> admin, ordinary users -> operations.
CREATE TABLE "shop_roles" (
  "id" serial PRIMARY KEY NOT NULL,
  "shop_id" integer,
  "key" text,
  "name" text DEFAULT '' NOT NULL,
  "permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "shop_roles_kind" CHECK (("shop_id" IS NULL) = ("key" IS NOT NULL)),
  CONSTRAINT "shop_roles_key_values" CHECK ("key" IN ('owner', 'admin', 'operations', 'finance', 'customer_service'))
);
--> statement-breakpoint
ALTER TABLE "shop_roles" ADD CONSTRAINT "shop_roles_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "shop_roles_shop_idx" ON "shop_roles" USING btree ("shop_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "shop_roles_key_unique" ON "shop_roles" ("key") WHERE "key" IS NOT NULL;
--> statement-breakpoint
-- Two roles of one shop never share a name (compared without case).
CREATE UNIQUE INDEX "shop_roles_shop_name_unique" ON "shop_roles" ("shop_id", lower("name")) WHERE "shop_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "shop_roles" ("key", "name") VALUES ('owner', 'owner'), ('admin', 'admin'), ('operations', 'operations'), ('finance', 'finance'), ('customer_service', 'customer_service');
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_id" integer;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_shop_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."shop_roles"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
UPDATE "users" u SET "role_id" = r."id"
FROM "shop_roles" r
WHERE u."shop_id" IS NOT NULL AND r."key" = CASE
  WHEN EXISTS (SELECT 1 FROM "shops" s WHERE s."owner_user_id" = u."id") THEN 'owner'
  WHEN u."shop_role" = 'admin' THEN 'admin'
  ELSE 'operations'
END;
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_shop_membership";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "shop_role";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_shop_membership" CHECK (("shop_id" IS NULL) = ("role_id" IS NULL));
--> statement-breakpoint
-- A shop created later (the demo seed, tests, benches, registration) makes its owner account an
-- owner of it in the same statement.
CREATE OR REPLACE FUNCTION shops_owner_is_admin() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET shop_id = NEW.id, role_id = (SELECT id FROM shop_roles WHERE key = 'owner') WHERE id = NEW.owner_user_id AND shop_id IS NULL;
  RETURN NEW;
END;
$$;
