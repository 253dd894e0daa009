import { Button, List, NoticeBar, Popup } from 'antd-mobile';
import { Toast } from '../../../components/mobile/imperative.ts';
import { useNavigate } from 'react-router';
import { AUTH } from '@shopdesk/shared/constants';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { MobileFundPasscode, useFundPasscode } from '../../../components/mobile/fund-passcode.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { usePurchaseAction } from '../hooks/use-purchase-action.ts';
import { OrderLine } from '../components/order-line.tsx';
import { lineName } from '@shopdesk/shared/products/variant-names';

const FUND_LENGTH = AUTH.FUND_PASSWORD_LENGTH;

/**
 * The purchase sheet of the phone: available balance (with a warning and a recharge button when it
 * falls short), purchase amount, the 6-digit fund password. `usePurchaseAction` does the rest, as
 * for the desktop dialog.
 */
export function MobilePurchasePopup({ orders, onClose, onDone }: { orders: OrderView[] | null; onClose: () => void; onDone?: () => void }) {
  const open = orders !== null && orders.length > 0;
  const f = useFormat('orders');
  const { t } = f;
  const navigate = useNavigate();
  const purchase = usePurchaseAction(orders);
  const passcode = useFundPasscode(purchase, {
    onClose,
    onDone,
    onSuccess: (answer) => {
      const summary = t('purchase.summary', { ok: answer.purchased, failed: answer.failed, amount: f.usdt(answer.purchaseAmountCents) });
      // One order bought: the toast names what, with its variant ("T-shirt (Blue, M)").
      const [only] = answer.results;
      const bought = answer.results.length === 1 && only.ok && only.productName !== undefined ? lineName(only.productName, only.variantName ?? '') : null;
      Toast.show({
        icon: 'success',
        content: bought ? (
          <span data-testid="m-purchase-done">
            {summary}
            <br />
            {bought}
          </span>
        ) : (
          summary
        ),
      });
    },
  });
  const { close, otherFailure } = passcode;

  const recharge = () => {
    close();
    void navigate('/m/finance');
  };

  return (
    <Popup visible={open} onMaskClick={close} onClose={close} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }} destroyOnClose>
      <div className="m-purchase-sheet" data-testid="m-purchase-popup">
        <h3>{purchase.orders.length > 1 ? t('purchase.batchTitle', { count: purchase.orders.length }) : t('purchase.title')}</h3>
        {purchase.orders.length > 1 && (
          // A batch: which orders are paid for, each with its purchase amount, before the password.
          <List className="m-purchase-orders" data-testid="m-purchase-orders">
            {purchase.orders.map((o) => (
              <List.Item key={o.orderId} description={o.orderId} extra={f.usdt(o.purchaseAmountCents)} data-testid="m-purchase-order">
                <OrderLine line={o} nameClassName="m-order-title" />
              </List.Item>
            ))}
          </List>
        )}
        <List>
          {purchase.orders.length === 1 && (
            // What stock is bought, down to the variant, before the password is asked.
            <List.Item description={purchase.orders[0].orderId} data-testid="m-purchase-product">
              <OrderLine line={purchase.orders[0]} detail />
            </List.Item>
          )}
          <List.Item
            extra={
              <strong data-testid="m-purchase-total" data-cents={purchase.totalCents}>
                {f.usdt(purchase.totalCents)}
              </strong>
            }
          >
            {t('purchase.total')}
          </List.Item>
          <List.Item
            extra={
              purchase.availableCents !== null ? (
                <span data-testid="m-purchase-available" data-cents={purchase.availableCents}>
                  {f.usdt(purchase.availableCents)}
                </span>
              ) : (
                '…'
              )
            }
          >
            {t('purchase.available')}
          </List.Item>
        </List>
        {purchase.short && (
          <NoticeBar
            color="alert"
            wrap
            content={t('purchase.insufficient')}
            extra={
              <Button size="mini" color="primary" fill="none" onClick={recharge} data-testid="m-purchase-recharge">
                {t('purchase.recharge')}
              </Button>
            }
            data-testid="m-purchase-short"
          />
        )}
        <MobileFundPasscode passcode={passcode} classPrefix="m-purchase" testIdPrefix="m-purchase" hint={t('purchase.fundPlaceholder', { length: FUND_LENGTH })} />
        {otherFailure?.kind === 'insufficient' && !purchase.short && (
          <Button block color="warning" fill="outline" onClick={recharge} data-testid="m-purchase-recharge">
            {t('purchase.recharge')}
          </Button>
        )}
        <Button
          block
          color="primary"
          size="large"
          style={{ marginTop: 12 }}
          loading={purchase.pending}
          disabled={!passcode.full || !purchase.ready}
          onClick={() => void passcode.submit(passcode.code)}
          data-testid="m-purchase-submit"
        >
          {t('purchase.confirm')}
        </Button>
      </div>
    </Popup>
  );
}
