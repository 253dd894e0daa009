import { Button, NoticeBar, Tag } from 'antd-mobile';
import type { PackagesAnswer } from '@shopdesk/shared/marketing/packages-schemas';
import type { PackageType } from '@shopdesk/shared/products/packages';
import { PackageFacts } from '../components/package-facts.tsx';
import { usePackageBuyer, usePackageTexts } from '../hooks/use-package-purchase.ts';

/** The phone's package cards: the active one marked, the rule of buying now, and "buy" (an administrator's only). */
export function MobilePackageList({ data, onBuy }: { data: PackagesAnswer; onBuy: (type: PackageType) => void }) {
  const texts = usePackageTexts();
  const { f } = texts;
  const { t } = f;
  const buyer = usePackageBuyer();
  return (
    <>
      <div className="pkg-status">
        <div>
          <div className="pkg-status-label">{t('packages.current')}</div>
          <div className="pkg-status-value" data-testid="m-package-current">
            {data.active ? `${texts.name(data.active.type)} · ${t('packages.daysLeft', { days: data.active.daysLeft })}` : '—'}
          </div>
        </div>
        <div>
          <div className="pkg-status-label">{t('packages.balance')}</div>
          <div className="pkg-status-value pkg-num" data-testid="m-package-available" data-cents={data.availableCents}>
            {f.usdt(data.availableCents)}
          </div>
        </div>
      </div>
      {!data.active && <NoticeBar color="info" wrap content={t('packages.none')} />}
      {data.active && data.active.daysLeft <= data.reminderDays && <NoticeBar color="alert" wrap content={t('packages.expiringSoon', { days: data.reminderDays })} />}
      {buyer.adminOnly && <NoticeBar color="info" wrap content={t('packages.adminOnly')} data-testid="m-package-admin-only" />}
      {data.packages.map((offer) => {
        const active = data.active?.type === offer.type ? data.active : null;
        return (
          <div key={offer.type} className={`pkg-card${active ? ' pkg-card-active' : ''}`} data-testid={`m-package-card-${offer.type}`}>
            <div className="pkg-card-head">
              <h3 className={`pkg-name pkg-name-${offer.type}`}>{texts.name(offer.type)}</h3>
              <span className="pkg-price">{f.usdt(offer.priceCents)}</span>
            </div>
            {active && (
              <div className="pkg-active-line">
                <Tag color="primary" fill="outline">
                  {t('packages.activeTag')}
                </Tag>{' '}
                {t('packages.activeUntil', { date: f.date(active.expiresAt) })}
              </div>
            )}
            <PackageFacts offer={offer} />
            <p className={`pkg-rule${offer.plan.allowed ? '' : ' pkg-rule-refused'}`}>{texts.rule(offer, data.active)}</p>
            <Button
              block
              color="primary"
              fill={offer.plan.allowed && buyer.canBuy ? 'solid' : 'outline'}
              disabled={!offer.plan.allowed || !buyer.canBuy}
              onClick={() => onBuy(offer.type)}
              data-testid={`m-package-buy-${offer.type}`}
            >
              {texts.action(offer)}
            </Button>
          </div>
        );
      })}
      <p className="pkg-intro">{t('packages.rulesText')}</p>
    </>
  );
}
