import { Alert, Descriptions, Form } from 'antd';
import { Link } from 'react-router';
import { MoneyDialog } from '../../../components/desktop/money-dialog.tsx';
import { FundPasswordItem } from '../../../components/desktop/fund-password-item.tsx';
import { useFundPasswordForm } from '../../../components/desktop/use-fund-password-form.ts';
import { usePackagePurchase, usePackageTexts, type PackageChoice } from '../hooks/use-package-purchase.ts';

/**
 * The package purchase confirmation dialog (SPEC §2): price, what it gives, the rule of buying now
 * and the new expiry, the balance now and after (a short balance warns, links to the deposit and
 * blocks), then the 6-digit fund password. `usePackagePurchase` does the rest. An ordinary user
 * (the cards' buttons are off for them) is told only an administrator can buy, and asked for nothing.
 */
export function PackagePurchaseDialog({ choice, onClose }: { choice: PackageChoice | null; onClose: () => void }) {
  const offer = choice?.offer ?? null;
  const texts = usePackageTexts();
  const { f } = texts;
  const { t } = f;
  const purchase = usePackagePurchase(choice);
  const { answer, failure } = purchase;
  const fundForm = useFundPasswordForm(purchase, onClose);
  const { form, close, submit } = fundForm;

  const depositLink = (
    <Link to="/wallet" onClick={close} data-testid="package-deposit-link">
      {t('dialog.deposit')}
    </Link>
  );

  return (
    <MoneyDialog open={offer !== null} title={offer ? t('dialog.title', { name: texts.name(offer.type) }) : ''} width={560} action={purchase} fundForm={fundForm}
      submitLabel={t('dialog.confirm', { amount: f.usdt(purchase.priceCents) })} testIdPrefix="package-purchase">
      {offer && (
        <div data-testid="package-purchase-dialog">
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('dialog.package')}>
              <span className={`pkg-name-${offer.type}`}>{texts.name(offer.type)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('dialog.price')}>
              <strong className="pkg-num" data-testid="package-price" data-cents={offer.priceCents}>
                {f.usdt(offer.priceCents)}
              </strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('dialog.gives')}>{texts.gives(offer)}</Descriptions.Item>
            <Descriptions.Item label={t('packages.validity')}>{t('packages.perDays', { count: offer.validityDays })}</Descriptions.Item>
            <Descriptions.Item label={t('dialog.rule')}>
              <span data-testid="package-dialog-rule">{texts.rule(offer, choice?.active ?? null)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('dialog.newExpiry')}>
              <span data-testid="package-new-expiry">{f.dateTime(answer?.purchase.expiresAt ?? offer.plan.expiresAt)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('dialog.balance')}>
              <span className="pkg-num" data-testid="package-balance" data-cents={purchase.availableCents ?? ''}>
                {purchase.availableCents !== null ? f.usdt(purchase.availableCents) : '…'}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('dialog.after')}>
              <span className="pkg-num" data-testid="package-balance-after" data-cents={answer?.availableCents ?? purchase.afterCents ?? ''}>
                {answer ? f.usdt(answer.availableCents) : purchase.afterCents !== null && !purchase.short ? f.usdt(purchase.afterCents) : '—'}
              </span>
            </Descriptions.Item>
          </Descriptions>
          {purchase.adminOnly && <Alert type="info" showIcon className="pkg-dialog-alert" title={purchase.denied} data-testid="package-dialog-admin-only" />}
          {!answer && !purchase.adminOnly && purchase.short && <Alert type="warning" showIcon className="pkg-dialog-alert" title={t('dialog.short')} action={depositLink} data-testid="package-short" />}
          {!answer && !purchase.adminOnly && (
            <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={purchase.pending || !purchase.ready} className="pkg-dialog-alert">
              <FundPasswordItem t={t} label="dialog.fundPassword" placeholder="dialog.fundPlaceholder" testId="package-fund-password" />
            </Form>
          )}
          {failure && failure.kind !== 'fundPassword' && <Alert type="error" showIcon title={failure.text} action={depositLink} data-testid="package-purchase-error" />}
          {answer && (
            <Alert
              type="success"
              showIcon
              className="pkg-dialog-alert"
              title={t('dialog.success', { name: texts.name(answer.purchase.type), expiry: f.date(answer.purchase.expiresAt) })}
              data-testid="package-purchase-success"
            />
          )}
        </div>
      )}
    </MoneyDialog>
  );
}
