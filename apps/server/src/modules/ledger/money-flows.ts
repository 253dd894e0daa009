import type { Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema.ts';
import { promotionRemark, REMARKS, rewardRemark, type RewardActivity } from '@shopdesk/shared/wallet/remarks';
import { type AccountRef, buyerWallet, lockAccounts, platformAccount, shopAccount, transfer, transferAll, type TransferInput, type TransferResult } from './ledger-service.ts';

/**
 * Every money flow of ShopDesk, named once (DESIGN §2). Services call these; nothing else
 * calls `transfer` directly. The transfer types double as statement change types.
 *
 * A service runs its flow as the last work of its transaction, after its own rows (the order's
 * status, the activity line, the notification): a transfer locks its accounts until the commit, and
 * the accounts are the rows every transaction of a busy shop (and, for escrow and supplier payable,
 * of every shop) waits for, so they are held for the transfer and the commit only.
 */

/**
 * What a flow moves: its transfers in order and, for a flow of several transfers, the accounts it
 * locks first (lockAccounts: two flows crossing the same accounts then cannot deadlock).
 */
export interface Movement {
  transfers: TransferInput[];
  lock?: AccountRef[];
}

/**
 * A money flow. Called as `flow(tx, x)` it locks and moves `plan(x)`, transfer by transfer, and
 * answers each transfer's result; `flow.plan(x)` only says what it would move, for `moveAll`.
 */
export type Flow<T> = ((tx: Tx, x: T) => Promise<TransferResult[]>) & { plan: (x: T) => Movement };

function flow<T>(plan: (x: T) => Movement): Flow<T> {
  const run = async (tx: Tx, x: T) => {
    const { transfers, lock } = plan(x);
    if (lock) await lockAccounts(tx, lock);
    const results: TransferResult[] = [];
    for (const input of transfers) results.push(await transfer(tx, input));
    return results;
  };
  return Object.assign(run, { plan });
}

/**
 * Many flows' movements in their order, in a few round trips (ledger-service.transferAll, which
 * locks every account they touch first): the demo seed replays months of history this way. The
 * same transfers as calling each flow in turn; a refusal is thrown and the caller's transaction
 * must roll back.
 */
export function moveAll(tx: Tx, movements: readonly Movement[]): Promise<TransferResult[]> {
  return transferAll(tx, movements.flatMap((m) => m.transfers));
}

export const depositApproved = flow((d: { id: number; shopId: number; amountCents: number; at?: Date }) => ({
  transfers: [
    {
      key: `deposit:${d.id}`,
      type: 'deposit',
      from: platformAccount('deposits_clearing'),
      to: shopAccount(d.shopId),
      amountCents: d.amountCents,
      shopId: d.shopId,
      refType: 'deposit',
      refId: d.id,
      at: d.at,
    },
  ],
}));

export const withdrawalApplied = flow((w: { id: number; shopId: number; amountCents: number; at?: Date }) => ({
  transfers: [
    {
      key: `withdrawal:${w.id}:apply`,
      type: 'withdraw_apply',
      from: shopAccount(w.shopId),
      to: shopAccount(w.shopId, 'frozen'),
      amountCents: w.amountCents,
      shopId: w.shopId,
      refType: 'withdrawal',
      refId: w.id,
      at: w.at,
    },
  ],
}));

/** Completion pays out amount − fee and books the fee, both from the frozen account. */
export const withdrawalCompleted = flow((w: { id: number; shopId: number; arrivalCents: number; feeCents: number; at?: Date }) => {
  const common = { from: shopAccount(w.shopId, 'frozen'), shopId: w.shopId, refType: 'withdrawal', refId: w.id, at: w.at };
  return {
    transfers: [
      { ...common, key: `withdrawal:${w.id}:payout`, type: 'withdraw_payout', to: platformAccount('payouts'), amountCents: w.arrivalCents },
      ...(w.feeCents > 0 ? [{ ...common, key: `withdrawal:${w.id}:fee`, type: 'withdraw_fee', to: platformAccount('fee_revenue'), amountCents: w.feeCents }] : []),
    ],
  };
});

/** Failure or rejection returns the whole amount to available. */
export const withdrawalReturned = flow((w: { id: number; shopId: number; amountCents: number; at?: Date }) => ({
  transfers: [
    {
      key: `withdrawal:${w.id}:return`,
      type: 'withdraw_return',
      from: shopAccount(w.shopId, 'frozen'),
      to: shopAccount(w.shopId),
      amountCents: w.amountCents,
      shopId: w.shopId,
      refType: 'withdrawal',
      refId: w.id,
      at: w.at,
    },
  ],
}));

/**
 * The money fields of an order row (`orderNo` is the drizzle column property of `orders`). Orders
 * of the mall are paid from the buyer's wallet (`paymentSource` 'wallet'), the
 * platform's marketing account paying the coupon's share (`discountCents`); without these fields
 * an order is paid by the external source `platform:buyer_payments`, as before the mall.
 */
type OrderMoney = Pick<typeof orders.$inferSelect, 'orderNo' | 'shopId' | 'amountCents' | 'purchaseAmountCents'> &
  Partial<Pick<typeof orders.$inferSelect, 'buyerId' | 'paymentSource' | 'discountCents' | 'voucherId' | 'flashDealId'>> & { at?: Date };

/** Where an order's money came from: the payer and its part, and the coupon's part paid by marketing. */
function orderPayers(o: OrderMoney): { payer: AccountRef; paidCents: number; discountCents: number } {
  if (o.paymentSource !== 'wallet') return { payer: platformAccount('buyer_payments'), paidCents: o.amountCents, discountCents: 0 };
  if (o.buyerId === undefined) throw new Error(`ledger: wallet order ${o.orderNo} without its buyer`);
  const discountCents = o.discountCents ?? 0;
  return { payer: buyerWallet(o.buyerId), paidCents: o.amountCents - discountCents, discountCents };
}

/**
 * The buyer pays into escrow: the buyer's part (key `pay`) and, with a coupon, the discount from
 * the platform's marketing account (key `pay-discount`). Escrow then holds the whole sale amount.
 */
export const buyerPaid = flow((o: OrderMoney) => {
  const { payer, paidCents, discountCents } = orderPayers(o);
  const common = { to: platformAccount('escrow'), orderId: o.orderNo, at: o.at };
  return {
    transfers: [
      ...(paidCents > 0 ? [{ ...common, key: `order:${o.orderNo}:pay`, type: 'buyer_payment', from: payer, amountCents: paidCents }] : []),
      ...(discountCents > 0 ? [{ ...common, key: `order:${o.orderNo}:pay-discount`, type: 'buyer_payment', from: platformAccount('marketing'), amountCents: discountCents, remark: REMARKS.coupon }] : []),
    ],
  };
});

/**
 * The one way a buyer's money goes back (cancel, and every refund approval): from `from` (escrow,
 * or the seller's available after settlement) to where it came from — the wallet or the external
 * source for the buyer's part (key `<step>`), the marketing account for the coupon's part (key
 * `<step>-discount`). `step` keeps the keys each path always had: `cancel` for a cancel,
 * `refund-buyer` for every refund (so a buyer is refunded at most once per order whichever path runs).
 */
function buyerRepaid(o: OrderMoney, step: 'cancel' | 'refund-buyer', from: AccountRef): TransferInput[] {
  const { payer, paidCents, discountCents } = orderPayers(o);
  const type = step === 'cancel' ? 'buyer_cancel_refund' : 'refund_buyer';
  const shopId = 'shopId' in from ? o.shopId : undefined;
  const common = { from, type, shopId, orderId: o.orderNo, at: o.at };
  return [
    ...(paidCents > 0 ? [{ ...common, key: `order:${o.orderNo}:${step}`, to: payer, amountCents: paidCents }] : []),
    ...(discountCents > 0 ? [{ ...common, key: `order:${o.orderNo}:${step}-discount`, to: platformAccount('marketing'), amountCents: discountCents, remark: REMARKS.coupon }] : []),
  ];
}

/** Every account a repayment of this order may touch, for lockAccounts. */
function repaymentAccounts(o: OrderMoney): AccountRef[] {
  const { payer, discountCents } = orderPayers(o);
  return discountCents > 0 ? [payer, platformAccount('marketing')] : [payer];
}

/** The buyer cancels before the purchase: escrow back to the buyer (and the discount to marketing). */
export const buyerCancelled = flow((o: OrderMoney) => ({
  lock: [platformAccount('escrow'), ...repaymentAccounts(o)],
  transfers: buyerRepaid(o, 'cancel', platformAccount('escrow')),
}));

/** The seller buys the stock: available → supplier payable. */
export const stockPurchased = flow((o: OrderMoney) => ({
  transfers: [
    {
      key: `order:${o.orderNo}:purchase`,
      type: 'purchase',
      from: shopAccount(o.shopId),
      to: platformAccount('supplier_payable'),
      amountCents: o.purchaseAmountCents,
      shopId: o.shopId,
      orderId: o.orderNo,
      at: o.at,
    },
  ],
}));

/**
 * Signed: escrow pays the sale amount to the seller. With a flash deal or a shop voucher the amount is
 * already after them (the seller funds both) and the statement line names them.
 */
export const orderSettled = flow((o: OrderMoney) => {
  const remark = promotionRemark(o.flashDealId ?? null, o.voucherId ?? null);
  return {
    transfers: [
      {
        key: `order:${o.orderNo}:settle`,
        type: 'settlement',
        from: platformAccount('escrow'),
        to: shopAccount(o.shopId),
        amountCents: o.amountCents,
        shopId: o.shopId,
        orderId: o.orderNo,
        at: o.at,
        ...(remark ? { remark } : {}),
      },
    ],
  };
});

function purchaseRefunded(o: OrderMoney): TransferInput {
  return {
    key: `order:${o.orderNo}:refund-purchase`,
    type: 'refund_purchase',
    from: platformAccount('supplier_payable'),
    to: shopAccount(o.shopId),
    amountCents: o.purchaseAmountCents,
    shopId: o.shopId,
    orderId: o.orderNo,
    at: o.at,
  };
}

/** Refund approved: the purchase amount back to the seller, and the buyer's payment back from escrow. */
export const refundApproved = flow((o: OrderMoney) => ({
  lock: [platformAccount('supplier_payable'), shopAccount(o.shopId), platformAccount('escrow'), ...repaymentAccounts(o)],
  transfers: [purchaseRefunded(o), ...buyerRepaid(o, 'refund-buyer', platformAccount('escrow'))],
}));

/**
 * Refund approved before the stock was purchased: only the buyer's payment goes back from escrow.
 * It shares the `refund-buyer` key with the other refund flows, so a buyer is refunded at most
 * once per order whichever path runs.
 */
export const refundedBeforePurchase = flow((o: OrderMoney) => ({
  lock: [platformAccount('escrow'), ...repaymentAccounts(o)],
  transfers: buyerRepaid(o, 'refund-buyer', platformAccount('escrow')),
}));

/**
 * Refund approved after settlement (the sale amount already left escrow for the seller): the
 * purchase amount comes back to the seller as in `refundApproved`, then the seller's available
 * pays the buyer's money back (a coupon's share to marketing). Refused with INSUFFICIENT_BALANCE
 * (nothing moved) when the seller no longer has the sale amount less the purchase amount. Same
 * keys as `refundApproved`.
 */
export const refundAfterSettlement = flow((o: OrderMoney) => ({
  lock: [platformAccount('supplier_payable'), shopAccount(o.shopId), ...repaymentAccounts(o)],
  transfers: [purchaseRefunded(o), ...buyerRepaid(o, 'refund-buyer', shopAccount(o.shopId))],
}));

/**
 * A mall buyer's deposit approved by the operator: deposits clearing → the buyer's wallet, once per
 * deposit (the key is the deposit's id, so a repeated approval moves nothing).
 */
export const buyerDepositApproved = flow((d: { id: number; buyerId: number; amountCents: number }) => ({
  transfers: [
    {
      key: `buyer-deposit:${d.id}`,
      type: 'buyer_deposit',
      from: platformAccount('deposits_clearing'),
      to: buyerWallet(d.buyerId),
      amountCents: d.amountCents,
      refType: 'buyer_deposit',
      refId: d.id,
    },
  ],
}));

/**
 * A mall buyer's demo top-up: the demo's own source → the buyer's wallet, once per key. Only demo
 * mode calls it; the source account and the remark mark the money as demo money in the statement.
 */
export const buyerToppedUp = flow((t: { buyerId: number; key: string; amountCents: number; at?: Date }) => ({
  transfers: [
    {
      key: `buyer-topup:${t.buyerId}:${t.key}`,
      type: 'buyer_topup',
      from: platformAccount('demo_topups'),
      to: buyerWallet(t.buyerId),
      amountCents: t.amountCents,
      refType: 'buyer',
      refId: t.buyerId,
      remark: REMARKS.demoTopUp,
      at: t.at,
    },
  ],
}));

/**
 * A reward activity's bonus (shop upgrade or couple tier): reward expense → the shop's available.
 * The key is per shop, activity and tier, so a bonus is paid at most once whatever the retries.
 */
export const rewardClaimed = flow((r: { shopId: number; activity: RewardActivity; tier: number; amountCents: number }) => ({
  transfers: [
    {
      key: `reward:${r.shopId}:${r.activity}:${r.tier}`,
      type: 'reward',
      from: platformAccount('reward_expense'),
      to: shopAccount(r.shopId),
      amountCents: r.amountCents,
      shopId: r.shopId,
      refType: `reward_${r.activity}`,
      refId: r.tier,
      remark: rewardRemark(r.activity, r.tier),
    },
  ],
}));

/** A promotion package bought: its price from the shop's available → package revenue. */
export const packageBought = flow((p: { id: number; shopId: number; amountCents: number; at?: Date }) => ({
  transfers: [
    {
      key: `package:${p.id}`,
      type: 'package',
      from: shopAccount(p.shopId),
      to: platformAccount('package_revenue'),
      amountCents: p.amountCents,
      shopId: p.shopId,
      refType: 'package',
      refId: p.id,
      at: p.at,
    },
  ],
}));
