CREATE TABLE "activity_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"subject" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_product_id" integer NOT NULL,
	"viewer_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"ref" text,
	"note" text DEFAULT '' NOT NULL,
	"score_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_views" ADD CONSTRAINT "product_views_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_views" ADD CONSTRAINT "product_views_shop_product_id_shop_products_id_fk" FOREIGN KEY ("shop_product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_events" ADD CONSTRAINT "credit_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_shop_idx" ON "activity_log" USING btree ("shop_id","id");--> statement-breakpoint
CREATE INDEX "activity_log_shop_action_idx" ON "activity_log" USING btree ("shop_id","action","id");--> statement-breakpoint
CREATE INDEX "product_views_shop_time_idx" ON "product_views" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "product_views_dedupe_idx" ON "product_views" USING btree ("shop_product_id","viewer_key","created_at");--> statement-breakpoint
CREATE INDEX "credit_events_shop_idx" ON "credit_events" USING btree ("shop_id","id");
