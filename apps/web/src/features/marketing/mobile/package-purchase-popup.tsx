import { Button, List, NoticeBar, Popup } from 'antd-mobile';
import { Toast } from '../../../components/mobile/imperative.ts';
import { useNavigate } from 'react-router';
import { AUTH } from '@shopdesk/shared/constants';
import { MobileFundPasscode, useFundPasscode } from '../../../components/mobile/fund-passcode.tsx';
import { usePackagePurchase, usePackageTexts, type PackageChoice } from '../hooks/use-package-purchase.ts';

const FUND_LENGTH = AUTH.FUND_PASSWORD_LENGTH;

/**
 * The package purchase sheet of the phone (SPEC §2 "package purchase confirmation"): price, what it
 * gives, the rule of buying now and the new expiry, the balance now and after (short: a warning
 * and a deposit button, no passcode), then the 6-digit fund password. Same hook as the desktop dialog;
 * an ordinary user is told only an administrator can buy, and asked for nothing.
 */
export function MobilePackagePurchasePopup({ choice, onClose }: { choice: PackageChoice | null; onClose: () => void }) {
  const texts = usePackageTexts();
  const { f } = texts;
  const { t } = f;
  const navigate = useNavigate();
  const purchase = usePackagePurchase(choice);
  const offer = choice?.offer ?? null;
  const passcode = useFundPasscode(purchase, {
    onClose,
    ready: purchase.ready,
    onSuccess: (answer) => Toast.show({ icon: 'success', content: t('dialog.success', { name: texts.name(answer.purchase.type), expiry: f.date(answer.purchase.expiresAt) }) }),
  });
  const { close } = passcode;

  const deposit = () => {
    close();
    void navigate('/m/finance');
  };

  return (
    <Popup visible={offer !== null} onMaskClick={close} onClose={close} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '90vh', overflowY: 'auto' }} destroyOnClose>
      {offer && (
        <div className="m-pkg-sheet" data-testid="m-package-popup">
          <h3>{t('dialog.title', { name: texts.name(offer.type) })}</h3>
          <List>
            <List.Item extra={<strong data-testid="m-package-price">{f.usdt(offer.priceCents)}</strong>}>{t('dialog.price')}</List.Item>
            <List.Item description={texts.gives(offer)}>{t('dialog.gives')}</List.Item>
            <List.Item description={<span data-testid="m-package-rule">{texts.rule(offer, choice?.active ?? null)}</span>} extra={f.date(offer.plan.expiresAt)}>
              {t('dialog.newExpiry')}
            </List.Item>
            <List.Item extra={<span data-testid="m-package-balance">{purchase.availableCents !== null ? f.usdt(purchase.availableCents) : '…'}</span>}>{t('dialog.balance')}</List.Item>
            <List.Item extra={<span data-testid="m-package-balance-after">{purchase.afterCents !== null && !purchase.short ? f.usdt(purchase.afterCents) : '—'}</span>}>{t('dialog.after')}</List.Item>
          </List>
          {purchase.adminOnly ? (
            <NoticeBar color="info" wrap content={purchase.denied} data-testid="m-package-popup-admin-only" />
          ) : purchase.short ? (
            <>
              <NoticeBar color="alert" wrap content={t('dialog.short')} data-testid="m-package-short" />
              <Button block color="primary" className="m-pkg-deposit" onClick={deposit} data-testid="m-package-deposit">
                {t('dialog.deposit')}
              </Button>
            </>
          ) : (
            <>
              <MobileFundPasscode passcode={passcode} classPrefix="m-pkg" testIdPrefix="m-package" hint={purchase.pending ? '…' : t('dialog.fundPlaceholder', { length: FUND_LENGTH })} />
            </>
          )}
        </div>
      )}
    </Popup>
  );
}
