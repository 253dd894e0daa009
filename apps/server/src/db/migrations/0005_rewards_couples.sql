CREATE TABLE "couple_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_shop_id" integer NOT NULL,
	"to_shop_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"basis" text,
	"from_base_top_up_cents" bigint,
	"to_base_top_up_cents" bigint,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "couple_links_distinct" CHECK ("couple_links"."from_shop_id" <> "couple_links"."to_shop_id"),
	CONSTRAINT "couple_links_linked_fields" CHECK ("couple_links"."status" <> 'linked' or ("couple_links"."basis" is not null and "couple_links"."from_base_top_up_cents" is not null and "couple_links"."to_base_top_up_cents" is not null and "couple_links"."decided_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "couple_members" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"link_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"activity" text NOT NULL,
	"tier" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_claims_positive" CHECK ("reward_claims"."amount_cents" > 0 and "reward_claims"."tier" >= 1)
);
--> statement-breakpoint
ALTER TABLE "couple_links" ADD CONSTRAINT "couple_links_from_shop_id_shops_id_fk" FOREIGN KEY ("from_shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "couple_links" ADD CONSTRAINT "couple_links_to_shop_id_shops_id_fk" FOREIGN KEY ("to_shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "couple_members" ADD CONSTRAINT "couple_members_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "couple_members" ADD CONSTRAINT "couple_members_link_id_couple_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."couple_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "couple_links_open_pair" ON "couple_links" USING btree (least("from_shop_id", "to_shop_id"),greatest("from_shop_id", "to_shop_id")) WHERE "couple_links"."status" in ('pending', 'linked');--> statement-breakpoint
CREATE UNIQUE INDEX "couple_links_linked_from" ON "couple_links" USING btree ("from_shop_id") WHERE "couple_links"."status" = 'linked';--> statement-breakpoint
CREATE UNIQUE INDEX "couple_links_linked_to" ON "couple_links" USING btree ("to_shop_id") WHERE "couple_links"."status" = 'linked';--> statement-breakpoint
CREATE INDEX "couple_links_to_idx" ON "couple_links" USING btree ("to_shop_id","status");--> statement-breakpoint
CREATE INDEX "couple_links_from_idx" ON "couple_links" USING btree ("from_shop_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_claims_once" ON "reward_claims" USING btree ("shop_id","activity","tier");
