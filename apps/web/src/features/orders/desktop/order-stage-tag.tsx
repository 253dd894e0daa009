import { Tag } from 'antd';
import { orderStage, type SellerOrderStage } from '@shopdesk/shared/orders/lifecycle';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { useFormat } from '../../../lib/use-format.ts';

const COLORS: Record<SellerOrderStage, string> = {
  unpaid: 'default',
  cancelled: 'default',
  refunding: 'magenta',
  refunded: 'purple',
  to_purchase: 'gold',
  overdue: 'error',
  pending_shipment: 'processing',
  in_transit: 'cyan',
  signed: 'success',
  completed: 'success',
};

export function OrderStageTag({ order }: { order: OrderView }) {
  const { t } = useFormat('orders');
  const stage = orderStage(order, 'seller');
  return (
    <Tag color={COLORS[stage]} data-testid={`stage-${stage}`}>
      {t(`stages.${stage}`)}
    </Tag>
  );
}
