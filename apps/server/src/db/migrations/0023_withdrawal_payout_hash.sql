-- The payout's transaction hash an operator enters when a withdrawal is completed (the seller sees it).
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "payout_tx_hash" text;
