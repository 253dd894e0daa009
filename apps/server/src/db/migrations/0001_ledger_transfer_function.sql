-- One ledger transfer in one round trip (called by ledger-service.transfer inside the caller's
-- transaction). Opens missing accounts, locks both accounts in id order, replays a known
-- idempotency key, refuses to take a non-negative account below zero, then writes the transfer
-- and one entry per side with the balance before and after.
CREATE OR REPLACE FUNCTION ledger_transfer(
  p_key text, p_type text,
  p_from_code text, p_from_shop integer, p_from_kind text, p_from_allow_negative boolean,
  p_to_code text, p_to_shop integer, p_to_kind text, p_to_allow_negative boolean,
  p_amount bigint, p_shop integer, p_order_no text, p_ref_type text, p_ref_id bigint, p_remark text, p_at timestamptz
) RETURNS TABLE (transfer_id bigint, outcome text)
LANGUAGE plpgsql AS $$
DECLARE
  v_from integer;
  v_to integer;
  v_existing record;
  v_from_row record;
  v_id bigint;
  v_after bigint;
  v_at timestamptz := coalesce(p_at, now());
BEGIN
  SELECT id INTO v_from FROM ledger_accounts WHERE code = p_from_code;
  IF v_from IS NULL THEN
    INSERT INTO ledger_accounts (code, shop_id, kind, allow_negative) VALUES (p_from_code, p_from_shop, p_from_kind, p_from_allow_negative) ON CONFLICT (code) DO NOTHING;
    SELECT id INTO v_from FROM ledger_accounts WHERE code = p_from_code;
  END IF;
  SELECT id INTO v_to FROM ledger_accounts WHERE code = p_to_code;
  IF v_to IS NULL THEN
    INSERT INTO ledger_accounts (code, shop_id, kind, allow_negative) VALUES (p_to_code, p_to_shop, p_to_kind, p_to_allow_negative) ON CONFLICT (code) DO NOTHING;
    SELECT id INTO v_to FROM ledger_accounts WHERE code = p_to_code;
  END IF;

  PERFORM 1 FROM ledger_accounts WHERE id IN (v_from, v_to) ORDER BY id FOR UPDATE;

  SELECT id, from_account_id, to_account_id, amount_cents INTO v_existing FROM ledger_transfers WHERE idempotency_key = p_key;
  IF FOUND THEN
    IF v_existing.from_account_id <> v_from OR v_existing.to_account_id <> v_to OR v_existing.amount_cents <> p_amount THEN
      RETURN QUERY SELECT v_existing.id, 'key_reused'::text;
    ELSE
      RETURN QUERY SELECT v_existing.id, 'replayed'::text;
    END IF;
    RETURN;
  END IF;

  SELECT balance_cents, allow_negative INTO v_from_row FROM ledger_accounts WHERE id = v_from;
  IF NOT v_from_row.allow_negative AND v_from_row.balance_cents < p_amount THEN
    RETURN QUERY SELECT NULL::bigint, 'insufficient'::text;
    RETURN;
  END IF;

  INSERT INTO ledger_transfers (idempotency_key, type, from_account_id, to_account_id, amount_cents, shop_id, order_no, ref_type, ref_id, remark, created_at)
  VALUES (p_key, p_type, v_from, v_to, p_amount, p_shop, p_order_no, p_ref_type, p_ref_id, coalesce(p_remark, ''), v_at)
  RETURNING id INTO v_id;

  UPDATE ledger_accounts SET balance_cents = balance_cents - p_amount WHERE id = v_from RETURNING balance_cents INTO v_after;
  INSERT INTO ledger_entries (transfer_id, account_id, change_cents, balance_before_cents, balance_after_cents, created_at)
  VALUES (v_id, v_from, -p_amount, v_after + p_amount, v_after, v_at);

  UPDATE ledger_accounts SET balance_cents = balance_cents + p_amount WHERE id = v_to RETURNING balance_cents INTO v_after;
  INSERT INTO ledger_entries (transfer_id, account_id, change_cents, balance_before_cents, balance_after_cents, created_at)
  VALUES (v_id, v_to, p_amount, v_after - p_amount, v_after, v_at);

  RETURN QUERY SELECT v_id, 'moved'::text;
END;
$$;
