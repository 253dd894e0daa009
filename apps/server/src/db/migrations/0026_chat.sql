-- Buyer–seller chat: conversations (one per buyer and shop), messages, the streams' chat events
-- (ids from the notifications' sequence: one increasing event id per seller stream), quick
-- replies, auto-reply settings, blocks, and the buyers' stream tickets.
ALTER TABLE "stream_tickets" ADD COLUMN "chat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL REFERENCES "shops"("id"),
	"buyer_id" integer NOT NULL REFERENCES "buyers"("id"),
	"buyer_lang" text DEFAULT 'en-US' NOT NULL,
	"last_message_id" bigint,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_buyer_at" timestamp with time zone,
	"last_reply_at" timestamp with time zone,
	"seller_read_id" bigint DEFAULT 0 NOT NULL,
	"seller_delivered_id" bigint DEFAULT 0 NOT NULL,
	"buyer_read_id" bigint DEFAULT 0 NOT NULL,
	"buyer_delivered_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_shop_buyer_uq" ON "chat_conversations" USING btree ("shop_id","buyer_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_shop_last_idx" ON "chat_conversations" USING btree ("shop_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "chat_conversations_buyer_last_idx" ON "chat_conversations" USING btree ("buyer_id","last_message_at","id");--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL REFERENCES "chat_conversations"("id"),
	"shop_id" integer NOT NULL REFERENCES "shops"("id"),
	"buyer_id" integer NOT NULL REFERENCES "buyers"("id"),
	"sender" text NOT NULL,
	"sender_user_id" integer REFERENCES "users"("id"),
	"auto" text,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_file" text,
	"product_id" integer REFERENCES "shop_products"("id") ON DELETE set null,
	"order_id" bigint REFERENCES "orders"("id"),
	"card" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_sender_values" CHECK ("sender" in ('buyer', 'seller') and ("auto" is null or ("auto" in ('greeting', 'off_hours') and "sender" = 'seller'))),
	CONSTRAINT "chat_messages_kind_values" CHECK ("kind" in ('text', 'image', 'product', 'order')),
	CONSTRAINT "chat_messages_body_length" CHECK (char_length("body") <= 8000)
);--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_shop_created_idx" ON "chat_messages" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_buyer_sent_idx" ON "chat_messages" USING btree ("buyer_id","created_at") WHERE "sender" = 'buyer';--> statement-breakpoint
CREATE TABLE "chat_events" (
	"id" bigint PRIMARY KEY DEFAULT nextval('notifications_id_seq') NOT NULL,
	"shop_id" integer NOT NULL REFERENCES "shops"("id"),
	"buyer_id" integer NOT NULL REFERENCES "buyers"("id"),
	"conversation_id" bigint NOT NULL REFERENCES "chat_conversations"("id"),
	"kind" text NOT NULL,
	"message_id" bigint REFERENCES "chat_messages"("id"),
	"side" text,
	"up_to_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_events_kind_values" CHECK ("kind" in ('message', 'delivered', 'read') and ("side" is null or "side" in ('buyer', 'seller')))
);--> statement-breakpoint
CREATE INDEX "chat_events_shop_idx" ON "chat_events" USING btree ("shop_id","id");--> statement-breakpoint
CREATE INDEX "chat_events_buyer_idx" ON "chat_events" USING btree ("buyer_id","id");--> statement-breakpoint
CREATE TABLE "chat_quick_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL REFERENCES "shops"("id"),
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "chat_quick_replies_shop_idx" ON "chat_quick_replies" USING btree ("shop_id","id");--> statement-breakpoint
CREATE TABLE "chat_settings" (
	"shop_id" integer PRIMARY KEY NOT NULL REFERENCES "shops"("id"),
	"greeting_enabled" boolean DEFAULT false NOT NULL,
	"greeting_text" text DEFAULT '' NOT NULL,
	"off_hours_enabled" boolean DEFAULT false NOT NULL,
	"off_hours_text" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"open_days" jsonb DEFAULT '[1,2,3,4,5,6,7]'::jsonb NOT NULL,
	"open_minute" integer DEFAULT 540 NOT NULL,
	"close_minute" integer DEFAULT 1080 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "chat_blocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL REFERENCES "shops"("id"),
	"buyer_id" integer NOT NULL REFERENCES "buyers"("id"),
	"reason" text DEFAULT '' NOT NULL,
	"blocked_by" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unblocked_at" timestamp with time zone,
	"unblocked_by" integer REFERENCES "users"("id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "chat_blocks_live_uq" ON "chat_blocks" USING btree ("shop_id","buyer_id") WHERE "unblocked_at" is null;--> statement-breakpoint
CREATE TABLE "buyer_stream_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL UNIQUE,
	"buyer_id" integer NOT NULL REFERENCES "buyers"("id"),
	"session_id" bigint NOT NULL REFERENCES "buyer_sessions"("id"),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "buyer_stream_tickets_expires_idx" ON "buyer_stream_tickets" USING btree ("expires_at");
