-- One exposure per viewer and window: who was counted for a package, and when it last counted.
CREATE TABLE IF NOT EXISTS "package_exposure_views" (
  "package_id" bigint NOT NULL REFERENCES "promotion_packages"("id") ON DELETE CASCADE,
  "viewer_key" text NOT NULL,
  "counted_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("package_id", "viewer_key")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "package_exposure_views_counted_idx" ON "package_exposure_views" ("counted_at");
