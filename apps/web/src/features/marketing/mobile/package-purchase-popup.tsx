import { useState } from 'react';
import { Button, List, NoticeBar, PasscodeInput, Popup, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { AUTH } from '@shopdesk/shared/constants';
import { usePackagePurchase, usePackageTexts, type PackageChoice } from '../hooks/use-package-purchase.ts';

const FUND_LENGTH = AUTH.FUND_PASSWORD_LENGTH;

/**
 * The package purchase sheet of the phone (SPEC §2 "package purchase confirmation"): price, what it
 * gives, the rule of buying now and the new expiry, the balance now and after (short: a warning
 * and a deposit button, no passcode), then the 6-digit fund password. Same hook as the desktop dialog.
 */
export function MobilePackagePurchasePopup({ choice, onClose }: { choice: PackageChoice | null; onClose: () => void }) {
  const texts = usePackageTexts();
  const { f } = texts;
  const { t } = f;
  const navigate = useNavigate();
  const purchase = usePackagePurchase(choice);
  const [code, setCode] = useState('');
  const [fundError, setFundError] = useState<string | null>(null);
  const offer = choice?.offer ?? null;
  const otherFailure = purchase.failure && purchase.failure.kind !== 'fundPassword' ? purchase.failure : null;

  const close = () => {
    if (purchase.pending) return;
    purchase.reset();
    setCode('');
    setFundError(null);
    onClose();
  };

  const deposit = () => {
    close();
    void navigate('/m/finance');
  };

  const submit = async (fundPassword: string) => {
    if (fundPassword.length !== FUND_LENGTH || purchase.pending || !purchase.ready) return;
    setFundError(null);
    const result = await purchase.submit(fundPassword);
    if (!result) return;
    setCode('');
    if (!result.ok) {
      if (result.failure.kind === 'fundPassword') setFundError(result.failure.text);
      return;
    }
    Toast.show({ icon: 'success', content: t('dialog.success', { name: texts.name(result.answer.purchase.type), expiry: f.date(result.answer.purchase.expiresAt) }) });
    purchase.reset();
    onClose();
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
          {purchase.short ? (
            <>
              <NoticeBar color="alert" wrap content={t('dialog.short')} data-testid="m-package-short" />
              <Button block color="primary" className="m-pkg-deposit" onClick={deposit} data-testid="m-package-deposit">
                {t('dialog.deposit')}
              </Button>
            </>
          ) : (
            <>
              <div className="m-pkg-pass">
                <PasscodeInput
                  length={FUND_LENGTH}
                  value={code}
                  onChange={(v) => {
                    setCode(v.replace(/\D/g, ''));
                    if (v) setFundError(null);
                  }}
                  onFill={(v) => void submit(v)}
                  error={fundError !== null}
                  data-testid="m-package-passcode"
                />
              </div>
              {fundError !== null ? (
                <div className="m-pkg-error" role="alert" data-testid="m-package-fund-error">
                  {fundError}
                </div>
              ) : otherFailure ? (
                <div className="m-pkg-error" role="alert" data-testid="m-package-error">
                  {otherFailure.text}
                </div>
              ) : (
                <div className="m-pkg-hint">{purchase.pending ? '…' : t('dialog.fundPlaceholder', { length: FUND_LENGTH })}</div>
              )}
            </>
          )}
        </div>
      )}
    </Popup>
  );
}
