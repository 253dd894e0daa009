import { useEffect } from 'react';
import { notify } from '../../../lib/notifier.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useOrderDetail } from './orders-api.ts';

import { PurchaseDialog } from '../desktop/purchase-dialog.tsx';
import { RefundDialog } from '../desktop/refund-dialog.tsx';

export interface OrderAction {
  kind: 'purchase' | 'refund';
  /** The order number. */
  orderId: string;
}

/**
 * The orders' purchase (with the fund password) and refund-decision dialogs for one order by its
 * number, for another feature's desktop screen (the chat inbox beside a conversation): the same
 * components and hooks as the order list's, with the order's detail fetched first.
 */
export function OrderActionDialog({ action, onClose }: { action: OrderAction | null; onClose: () => void }) {
  const { t } = useFormat('orders');
  const detail = useOrderDetail(action?.orderId ?? null);
  const failed = action !== null && detail.isError;
  useEffect(() => {
    if (!failed) return;
    notify.error(t('common:states.loadFailed'));
    onClose();
  }, [failed, onClose, t]);
  const order = action && detail.data?.orderId === action.orderId ? detail.data : null;
  if (!action) return null;
  return action.kind === 'purchase' ? <PurchaseDialog orders={order ? [order] : null} onClose={onClose} /> : <RefundDialog order={order} onClose={onClose} />;
}
