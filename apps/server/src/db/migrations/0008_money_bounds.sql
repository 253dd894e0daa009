-- Issue 14: every ledger balance stays within MONEY.BALANCE_MAX_CENTS (2^50, packages/shared/src/constants.ts),
-- far below 2^53, so a balance read into a JavaScript number (and the sum of a few) is exact.
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_balance_bounded" CHECK ("ledger_accounts"."balance_cents" between -1125899906842624 and 1125899906842624);
