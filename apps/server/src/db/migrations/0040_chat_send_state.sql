-- The read of a chat send with its locks, in one round trip (modules/chat/chat-service.ts, readSendState):
-- the caller's own conversation (its shop and buyer never change), then the shop's stream lock and the
-- buyer's (in that order, as every other path takes them), then, in a snapshot taken after both are
-- held, everything the send decides from. Each statement of a PL/pgSQL function sees what committed
-- before it began, so the read sees every send that held the locks before this one; a single statement
-- taking the locks would read from a snapshot older than its wait. No row when the conversation is not
-- the caller's (nothing is locked then). The lock classes and the auto-reply period are the caller's.
CREATE OR REPLACE FUNCTION chat_send_state(
  p_conversation bigint, p_side text, p_owner integer,
  p_shop_lock_class integer, p_buyer_lock_class integer, p_auto_reply_hours integer
) RETURNS TABLE (
  conversation jsonb, settings jsonb, blocked boolean, sent_last_minute integer, wait_seconds integer,
  other_newest_id bigint, greeting_recently boolean, off_hours_recently boolean, at_ms double precision,
  shop_after bigint, buyer_after bigint
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_shop integer;
  v_buyer integer;
  v_sent integer;
  v_oldest timestamptz;
BEGIN
  IF p_side = 'seller' THEN
    SELECT c.shop_id, c.buyer_id INTO v_shop, v_buyer FROM chat_conversations c WHERE c.id = p_conversation AND c.shop_id = p_owner;
  ELSE
    SELECT c.shop_id, c.buyer_id INTO v_shop, v_buyer FROM chat_conversations c WHERE c.id = p_conversation AND c.buyer_id = p_owner;
  END IF;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(p_shop_lock_class, v_shop), pg_advisory_xact_lock(p_buyer_lock_class, v_buyer);
  -- The caller's sends within the last minute: the buyer's over all shops, the shop's people's (not
  -- its auto-replies) over all its buyers.
  IF p_side = 'buyer' THEN
    SELECT count(*)::integer, min(m.created_at) INTO v_sent, v_oldest FROM chat_messages m
    WHERE m.buyer_id = v_buyer AND m.sender = 'buyer' AND m.created_at > now() - interval '1 minute';
  ELSE
    SELECT count(*)::integer, min(m.created_at) INTO v_sent, v_oldest FROM chat_messages m
    WHERE m.shop_id = v_shop AND m.sender = 'seller' AND m.auto IS NULL AND m.created_at > now() - interval '1 minute';
  END IF;
  RETURN QUERY
  SELECT to_jsonb(c), to_jsonb(s),
    EXISTS (SELECT 1 FROM chat_blocks b WHERE b.shop_id = v_shop AND b.buyer_id = v_buyer AND b.unblocked_at IS NULL),
    v_sent,
    coalesce(ceil(extract(epoch FROM (v_oldest + interval '1 minute' - now()))), 0)::integer,
    (SELECT coalesce(max(m.id), 0) FROM chat_messages m
      WHERE m.conversation_id = p_conversation AND m.sender = CASE WHEN p_side = 'buyer' THEN 'seller' ELSE 'buyer' END),
    EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = p_conversation AND m.auto = 'greeting'
      AND m.created_at > now() - make_interval(hours => p_auto_reply_hours)),
    EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = p_conversation AND m.auto = 'off_hours'
      AND m.created_at > now() - make_interval(hours => p_auto_reply_hours)),
    (extract(epoch FROM now()) * 1000)::double precision,
    greatest(
      (SELECT coalesce(max(n.id), 0) FROM notifications n WHERE n.shop_id = v_shop AND n.read_at IS NULL),
      (SELECT coalesce(max(e.id), 0) FROM chat_events e WHERE e.shop_id = v_shop)),
    (SELECT coalesce(max(e.id), 0) FROM chat_events e WHERE e.buyer_id = v_buyer)
  FROM chat_conversations c LEFT JOIN chat_settings s ON s.shop_id = c.shop_id
  WHERE c.id = p_conversation;
END;
$$;
