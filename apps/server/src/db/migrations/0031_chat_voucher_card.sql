-- A seller may send one of the shop's running vouchers in a conversation as a card (kind 'voucher',
-- its terms kept in "card" as they were when sent).
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_kind_values";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_kind_values" CHECK ("kind" in ('text', 'image', 'product', 'order', 'voucher'));
