ALTER TABLE "promotion_packages" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotion_packages" ADD COLUMN "replaces_id" bigint;--> statement-breakpoint
ALTER TABLE "promotion_packages" ADD COLUMN "credited_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_packages" ADD COLUMN "expiring_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotion_packages" ADD COLUMN "expired_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotion_packages" ADD CONSTRAINT "promotion_packages_replaces_id_promotion_packages_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."promotion_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_packages_reminder_idx" ON "promotion_packages" USING btree ("expires_at") WHERE "promotion_packages"."replaced_at" is null and "promotion_packages"."expired_notified_at" is null;--> statement-breakpoint
CREATE INDEX "promotion_packages_shop_purchased_idx" ON "promotion_packages" USING btree ("shop_id","purchased_at");--> statement-breakpoint
UPDATE "promotion_packages" SET "expiring_notified_at" = "expires_at", "expired_notified_at" = "expires_at" WHERE "expires_at" <= now();
