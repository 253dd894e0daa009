import { Button, NoticeBar, Tag } from 'antd-mobile';
import type { PackagesAnswer } from '@shopdesk/shared/marketing/packages-schemas';
import type { PackageType } from '@shopdesk/shared/products/packages';
import { PackageFacts } from '../components/package-facts.tsx';
import { PackageStatus } from '../components/package-status.tsx';
import { usePackageCards } from '../hooks/use-packages-screen.ts';

/** The phone's package cards: the active one marked, the rule of buying now, and "buy" (an administrator's only). */
export function MobilePackageList({ data, onBuy }: { data: PackagesAnswer; onBuy: (type: PackageType) => void }) {
  const view = usePackageCards(data);
  const { t } = view.texts.f;
  return (
    <>
      <PackageStatus current={view.current} availableCents={data.availableCents} testIdPrefix="m-package" />
      {view.none && <NoticeBar color="info" wrap content={t('packages.none')} />}
      {view.expiringSoon && <NoticeBar color="alert" wrap content={view.expiringText} />}
      {view.adminOnly && <NoticeBar color="info" wrap content={view.denied} data-testid="m-package-admin-only" />}
      {view.cards.map((card) => (
        <div key={card.offer.type} className={`pkg-card${card.active ? ' pkg-card-active' : ''}`} data-testid={`m-package-card-${card.offer.type}`}>
          <div className="pkg-card-head">
            <h2 className={`pkg-name pkg-name-${card.offer.type}`}>{card.name}</h2>
            <span className="pkg-price">{card.price}</span>
          </div>
          {card.activeUntil && (
            <div className="pkg-active-line">
              <Tag color="primary" fill="outline">
                {t('packages.activeTag')}
              </Tag>{' '}
              {card.activeUntil}
            </div>
          )}
          <PackageFacts offer={card.offer} />
          <p className={`pkg-rule${card.refused ? ' pkg-rule-refused' : ''}`}>{card.rule}</p>
          <Button block color="primary" fill={card.canBuy ? 'solid' : 'outline'} disabled={!card.canBuy} onClick={() => onBuy(card.offer.type)} data-testid={`m-package-buy-${card.offer.type}`}>
            {card.action}
          </Button>
        </div>
      ))}
      <p className="pkg-intro">{t('packages.rulesText')}</p>
    </>
  );
}
