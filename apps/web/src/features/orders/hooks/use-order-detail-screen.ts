import { useState } from 'react';
import { orderStage } from '@shopdesk/shared/orders/lifecycle';
import { isNotFoundError } from '../../../lib/not-found.ts';
import { useOrderDetail } from '../api/orders-api.ts';
import { orderActionsOf } from '../order-helpers.ts';
import { useRefundDecision } from './use-refund-decision.ts';

/**
 * One order's detail (every field of SPEC §3) on both devices: the desktop's drawer and the phone's
 * page (/m/order-detail?orderId=…). The answer, whether the order is not there (no id, or one the
 * shop does not have: a retry cannot help), its status and what the seller can do now; on the phone
 * also the purchase sheet and the refund decision (`useRefundDecision`: the approval's confirmation
 * text, the rejection's reason).
 */
export function useOrderDetailScreen(orderId: string | null) {
  const detail = useOrderDetail(orderId);
  const order = detail.data ?? null;
  const refund = useRefundDecision(order);
  const [purchasing, setPurchasing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  return {
    detail,
    order,
    notFound: !orderId || isNotFoundError(detail.error),
    stage: order ? orderStage(order, 'seller') : null,
    actions: order ? orderActionsOf(order) : { purchase: false, refund: false },
    purchasing,
    openPurchase: () => setPurchasing(true),
    closePurchase: () => setPurchasing(false),
    refund,
    rejecting,
    openReject: () => setRejecting(true),
    closeReject: () => setRejecting(false),
  };
}
