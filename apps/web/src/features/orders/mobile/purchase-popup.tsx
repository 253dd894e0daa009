import { useRef, useState } from 'react';
import { Button, List, PasscodeInput, Popup, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { AUTH } from '@shopdesk/shared/constants';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { ApiError } from '../../../lib/http.ts';
import { answerArrived } from '../../wallet/api/wallet-api.ts';
import { IdempotencyKeeper } from '../../wallet/idempotency.ts';
import { useShopFormat } from '../../products/components/use-shop-format.ts';
import { useAccountBalance, usePurchase } from '../api/orders-api.ts';
import { sumPurchase } from '../order-helpers.ts';

/** The purchase sheet of the phone: available balance, purchase amount, the 6-digit fund password. */
export function MobilePurchasePopup({ orders, onClose, onDone }: { orders: OrderView[] | null; onClose: () => void; onDone?: () => void }) {
  const open = orders !== null && orders.length > 0;
  const f = useShopFormat('orders');
  const { t } = f;
  const navigate = useNavigate();
  const balance = useAccountBalance(open);
  const purchase = usePurchase();
  const keeper = useRef(new IdempotencyKeeper());
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ text: string; insufficient: boolean } | null>(null);
  const list = orders ?? [];
  const total = sumPurchase(list);

  const close = () => {
    if (purchase.isPending) return;
    keeper.current.reset();
    setCode('');
    setError(null);
    onClose();
  };

  const submit = (fundPassword: string) => {
    if (fundPassword.length !== AUTH.FUND_PASSWORD_LENGTH || purchase.isPending) return;
    const orderIds = list.map((o) => o.orderId);
    setError(null);
    purchase.mutate(
      { orderIds, fundPassword, idempotencyKey: keeper.current.keyFor(JSON.stringify({ orderIds, fundPassword })) },
      {
        onSuccess: (answer) => {
          keeper.current.settle(true);
          Toast.show({ icon: 'success', content: t('purchase.summary', { ok: answer.purchased, failed: answer.failed, amount: f.usdt(answer.purchaseAmountCents) }) });
          setCode('');
          onClose();
          onDone?.();
        },
        onError: (e) => {
          keeper.current.settle(answerArrived(e));
          setCode('');
          const insufficient = e instanceof ApiError && e.errorKey === 'INSUFFICIENT_BALANCE';
          setError({ text: insufficient ? t('purchase.insufficient') : e.message, insufficient });
        },
      },
    );
  };

  return (
    <Popup visible={open} onMaskClick={close} onClose={close} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }} destroyOnClose>
      <div className="m-purchase-sheet" data-testid="m-purchase-popup">
        <h3>{list.length > 1 ? t('purchase.batchTitle', { count: list.length }) : t('purchase.title')}</h3>
        <List>
          <List.Item extra={<strong data-testid="m-purchase-total" data-cents={total}>{f.usdt(total)}</strong>}>{t('purchase.total')}</List.Item>
          <List.Item
            extra={
              balance.data ? (
                <span data-testid="m-purchase-available" data-cents={balance.data.availableCents}>
                  {f.usdt(balance.data.availableCents)}
                </span>
              ) : (
                '…'
              )
            }
          >
            {t('purchase.available')}
          </List.Item>
        </List>
        <div className="m-purchase-pass">
          <PasscodeInput
            length={AUTH.FUND_PASSWORD_LENGTH}
            value={code}
            onChange={(v) => setCode(v.replace(/\D/g, ''))}
            onFill={submit}
            error={error !== null}
            data-testid="m-purchase-passcode"
          />
        </div>
        <div className={error ? 'm-purchase-error' : 'm-purchase-hint'} data-testid="m-purchase-error">
          {error?.text ?? t('purchase.fundPlaceholder', { length: AUTH.FUND_PASSWORD_LENGTH })}
        </div>
        {error?.insufficient && (
          <Button block color="warning" fill="outline" onClick={() => void navigate('/m/finance')}>
            {t('purchase.recharge')}
          </Button>
        )}
        <Button
          block
          color="primary"
          size="large"
          style={{ marginTop: 12 }}
          loading={purchase.isPending}
          disabled={code.length !== AUTH.FUND_PASSWORD_LENGTH || !balance.data}
          onClick={() => submit(code)}
          data-testid="m-purchase-submit"
        >
          {t('purchase.confirm')}
        </Button>
      </div>
    </Popup>
  );
}
