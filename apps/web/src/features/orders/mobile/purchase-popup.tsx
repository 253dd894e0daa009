import { useState } from 'react';
import { Button, List, NoticeBar, PasscodeInput, Popup, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { AUTH } from '@shopdesk/shared/constants';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { usePurchaseAction } from '../hooks/use-purchase-action.ts';

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
  const [code, setCode] = useState('');
  /** The fund password was refused: shown at the passcode until the seller types again. */
  const [fundError, setFundError] = useState<string | null>(null);
  const { failure } = purchase;
  const otherFailure = failure && failure.kind !== 'fundPassword' ? failure : null;

  const close = () => {
    if (purchase.pending) return;
    purchase.reset();
    setCode('');
    setFundError(null);
    onClose();
  };

  const recharge = () => {
    close();
    void navigate('/m/finance');
  };

  const submit = async (fundPassword: string) => {
    if (fundPassword.length !== FUND_LENGTH || purchase.pending) return;
    setFundError(null);
    const result = await purchase.submit(fundPassword);
    if (!result) return;
    setCode('');
    if (!result.ok) {
      if (result.failure.kind === 'fundPassword') setFundError(result.failure.text);
      return;
    }
    const answer = result.answer;
    Toast.show({ icon: 'success', content: t('purchase.summary', { ok: answer.purchased, failed: answer.failed, amount: f.usdt(answer.purchaseAmountCents) }) });
    purchase.reset();
    onClose();
    onDone?.();
  };

  const typed = (value: string) => {
    setCode(value.replace(/\D/g, ''));
    if (value) setFundError(null);
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
                <span className="m-order-title">{o.productName}</span>
              </List.Item>
            ))}
          </List>
        )}
        <List>
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
        <div className="m-purchase-pass">
          <PasscodeInput length={FUND_LENGTH} value={code} onChange={typed} onFill={(v) => void submit(v)} error={fundError !== null} data-testid="m-purchase-passcode" />
        </div>
        {fundError !== null ? (
          <div className="m-purchase-error" role="alert" data-testid="m-purchase-fund-error">
            {fundError}
          </div>
        ) : otherFailure ? (
          <div className="m-purchase-error" role="alert" data-testid="m-purchase-error">
            {otherFailure.text}
          </div>
        ) : (
          <div className="m-purchase-hint">{t('purchase.fundPlaceholder', { length: FUND_LENGTH })}</div>
        )}
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
          disabled={code.length !== FUND_LENGTH || !purchase.ready}
          onClick={() => void submit(code)}
          data-testid="m-purchase-submit"
        >
          {t('purchase.confirm')}
        </Button>
      </div>
    </Popup>
  );
}
