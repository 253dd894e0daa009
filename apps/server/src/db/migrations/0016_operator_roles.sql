-- Operator roles (docs/decisions.md, "Operator roles"): each operator holds one of super_admin,
-- finance, catalog, support; the operators that exist already ran everything, so they become
-- super admins.
ALTER TABLE "users" ADD COLUMN "ops_role" text;
--> statement-breakpoint
UPDATE "users" SET "ops_role" = 'super_admin' WHERE "role" = 'operator';
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ops_role_values" CHECK ("ops_role" in ('super_admin', 'finance', 'catalog', 'support'));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ops_role_operator" CHECK (("role" = 'operator') = ("ops_role" IS NOT NULL));
