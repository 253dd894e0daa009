-- Reconcile finds each transfer's entries (two per transfer) and each withdrawal's apply entry.
CREATE INDEX IF NOT EXISTS "ledger_entries_transfer_idx" ON "ledger_entries" ("transfer_id");
