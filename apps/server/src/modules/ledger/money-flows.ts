import { TRANSACTION_TYPES } from '@shopdesk/shared/wallet/transactions';
import type { Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema.ts';
import { lockAccounts, platformAccount, shopAccount, transfer, type TransferResult } from './ledger-service.ts';

/**
 * Every money flow of ShopDesk, named once (DESIGN §2). Services call these; nothing else
 * calls `transfer` directly. The transfer types double as statement change types.
 */
/** The transfer types are the statement change types, listed once in packages/shared. */
export const TRANSFER_TYPES = TRANSACTION_TYPES;
export type TransferType = (typeof TRANSFER_TYPES)[number];

export function depositApproved(tx: Tx, d: { id: number; shopId: number; amountCents: number; at?: Date }): Promise<TransferResult> {
  return transfer(tx, {
    key: `deposit:${d.id}`,
    type: 'deposit',
    from: platformAccount('deposits_clearing'),
    to: shopAccount(d.shopId),
    amountCents: d.amountCents,
    shopId: d.shopId,
    refType: 'deposit',
    refId: d.id,
    at: d.at,
  });
}

export function withdrawalApplied(tx: Tx, w: { id: number; shopId: number; amountCents: number; at?: Date }) {
  return transfer(tx, {
    key: `withdrawal:${w.id}:apply`,
    type: 'withdraw_apply',
    from: shopAccount(w.shopId),
    to: shopAccount(w.shopId, 'frozen'),
    amountCents: w.amountCents,
    shopId: w.shopId,
    refType: 'withdrawal',
    refId: w.id,
    at: w.at,
  });
}

/** Completion pays out amount − fee and books the fee, both from the frozen account. */
export async function withdrawalCompleted(tx: Tx, w: { id: number; shopId: number; arrivalCents: number; feeCents: number; at?: Date }) {
  const common = { from: shopAccount(w.shopId, 'frozen'), shopId: w.shopId, refType: 'withdrawal', refId: w.id, at: w.at };
  await transfer(tx, { ...common, key: `withdrawal:${w.id}:payout`, type: 'withdraw_payout', to: platformAccount('payouts'), amountCents: w.arrivalCents });
  if (w.feeCents > 0) {
    await transfer(tx, { ...common, key: `withdrawal:${w.id}:fee`, type: 'withdraw_fee', to: platformAccount('fee_revenue'), amountCents: w.feeCents });
  }
}

/** Failure or rejection returns the whole amount to available. */
export function withdrawalReturned(tx: Tx, w: { id: number; shopId: number; amountCents: number; at?: Date }) {
  return transfer(tx, {
    key: `withdrawal:${w.id}:return`,
    type: 'withdraw_return',
    from: shopAccount(w.shopId, 'frozen'),
    to: shopAccount(w.shopId),
    amountCents: w.amountCents,
    shopId: w.shopId,
    refType: 'withdrawal',
    refId: w.id,
    at: w.at,
  });
}

/** The money fields of an order row (`orderNo` is the drizzle column property of `orders`). */
type OrderMoney = Pick<typeof orders.$inferSelect, 'orderNo' | 'shopId' | 'amountCents' | 'purchaseAmountCents'> & { at?: Date };

/** The buyer pays into escrow. */
export function buyerPaid(tx: Tx, o: OrderMoney) {
  return transfer(tx, { key: `order:${o.orderNo}:pay`, type: 'buyer_payment', from: platformAccount('buyer_payments'), to: platformAccount('escrow'), amountCents: o.amountCents, orderId: o.orderNo, at: o.at });
}

/** The buyer cancels before the purchase: escrow back to the buyer. */
export function buyerCancelled(tx: Tx, o: OrderMoney) {
  return transfer(tx, { key: `order:${o.orderNo}:cancel`, type: 'buyer_cancel_refund', from: platformAccount('escrow'), to: platformAccount('buyer_payments'), amountCents: o.amountCents, orderId: o.orderNo, at: o.at });
}

/** The seller buys the stock: available → supplier payable. */
export function stockPurchased(tx: Tx, o: OrderMoney) {
  return transfer(tx, {
    key: `order:${o.orderNo}:purchase`,
    type: 'purchase',
    from: shopAccount(o.shopId),
    to: platformAccount('supplier_payable'),
    amountCents: o.purchaseAmountCents,
    shopId: o.shopId,
    orderId: o.orderNo,
    at: o.at,
  });
}

/** Signed: escrow pays the sale amount to the seller. */
export function orderSettled(tx: Tx, o: OrderMoney) {
  return transfer(tx, {
    key: `order:${o.orderNo}:settle`,
    type: 'settlement',
    from: platformAccount('escrow'),
    to: shopAccount(o.shopId),
    amountCents: o.amountCents,
    shopId: o.shopId,
    orderId: o.orderNo,
    at: o.at,
  });
}

/** Refund approved: the purchase amount back to the seller, and the buyer's payment back from escrow. */
export async function refundApproved(tx: Tx, o: OrderMoney) {
  await lockAccounts(tx, [platformAccount('supplier_payable'), shopAccount(o.shopId), platformAccount('escrow'), platformAccount('buyer_payments')]);
  await transfer(tx, {
    key: `order:${o.orderNo}:refund-purchase`,
    type: 'refund_purchase',
    from: platformAccount('supplier_payable'),
    to: shopAccount(o.shopId),
    amountCents: o.purchaseAmountCents,
    shopId: o.shopId,
    orderId: o.orderNo,
    at: o.at,
  });
  await transfer(tx, { key: `order:${o.orderNo}:refund-buyer`, type: 'refund_buyer', from: platformAccount('escrow'), to: platformAccount('buyer_payments'), amountCents: o.amountCents, orderId: o.orderNo, at: o.at });
}

/**
 * Refund approved before the stock was purchased: only the buyer's payment goes back from escrow.
 * It shares the `refund-buyer` key with the other refund flows, so a buyer is refunded at most
 * once per order whichever path runs.
 */
export function refundedBeforePurchase(tx: Tx, o: OrderMoney) {
  return transfer(tx, { key: `order:${o.orderNo}:refund-buyer`, type: 'refund_buyer', from: platformAccount('escrow'), to: platformAccount('buyer_payments'), amountCents: o.amountCents, orderId: o.orderNo, at: o.at });
}

/**
 * Refund approved after settlement (the sale amount already left escrow for the seller): the
 * purchase amount comes back to the seller as in `refundApproved`, then the seller's available
 * pays the buyer's money back. Refused with INSUFFICIENT_BALANCE (nothing moved) when the seller
 * no longer has the sale amount less the purchase amount. Same keys as `refundApproved`.
 */
export async function refundAfterSettlement(tx: Tx, o: OrderMoney) {
  await lockAccounts(tx, [platformAccount('supplier_payable'), shopAccount(o.shopId), platformAccount('buyer_payments')]);
  await transfer(tx, {
    key: `order:${o.orderNo}:refund-purchase`,
    type: 'refund_purchase',
    from: platformAccount('supplier_payable'),
    to: shopAccount(o.shopId),
    amountCents: o.purchaseAmountCents,
    shopId: o.shopId,
    orderId: o.orderNo,
    at: o.at,
  });
  await transfer(tx, {
    key: `order:${o.orderNo}:refund-buyer`,
    type: 'refund_buyer',
    from: shopAccount(o.shopId),
    to: platformAccount('buyer_payments'),
    amountCents: o.amountCents,
    shopId: o.shopId,
    orderId: o.orderNo,
    at: o.at,
  });
}

/**
 * A reward activity's bonus (shop upgrade or couple tier): reward expense → the shop's available.
 * The key is per shop, activity and tier, so a bonus is paid at most once whatever the retries.
 */
export function rewardClaimed(tx: Tx, r: { shopId: number; activity: 'vip' | 'couple'; tier: number; amountCents: number }) {
  return transfer(tx, {
    key: `reward:${r.shopId}:${r.activity}:${r.tier}`,
    type: 'reward',
    from: platformAccount('reward_expense'),
    to: shopAccount(r.shopId),
    amountCents: r.amountCents,
    shopId: r.shopId,
    refType: `reward_${r.activity}`,
    refId: r.tier,
    remark: `${r.activity} tier ${r.tier}`,
  });
}

/** A promotion package bought: its price from the shop's available → package revenue (issue 10). */
export function packageBought(tx: Tx, p: { id: number; shopId: number; amountCents: number; at?: Date }) {
  return transfer(tx, {
    key: `package:${p.id}`,
    type: 'package',
    from: shopAccount(p.shopId),
    to: platformAccount('package_revenue'),
    amountCents: p.amountCents,
    shopId: p.shopId,
    refType: 'package',
    refId: p.id,
    at: p.at,
  });
}
