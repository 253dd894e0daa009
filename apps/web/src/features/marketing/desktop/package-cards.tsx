import { Alert, Button, Col, Row, Tag } from 'antd';
import type { PackagesAnswer } from '@shopdesk/shared/marketing/packages-schemas';
import type { PackageType } from '@shopdesk/shared/products/packages';
import { PackageFacts } from '../components/package-facts.tsx';
import { usePackageCards } from '../hooks/use-packages-screen.ts';

/**
 * The three packages side by side: price, validity, products, exposure, the rule of buying now, and
 * "buy" (an administrator's only: an ordinary user sees why the buttons are disabled).
 */
export function PackageCards({ data, onBuy }: { data: PackagesAnswer; onBuy: (type: PackageType) => void }) {
  const view = usePackageCards(data);
  const { t } = view.texts.f;
  return (
    <>
      {view.adminOnly && <Alert type="info" showIcon title={view.denied} data-testid="package-admin-only" />}
      <Row gutter={[16, 16]} data-testid="package-cards">
        {view.cards.map((card) => (
          <Col key={card.offer.type} xs={24} md={8}>
            <div className={`pkg-card${card.active ? ' pkg-card-active' : ''}`} data-testid={`package-card-${card.offer.type}`}>
              <div className="pkg-card-head">
                <h2 className={`pkg-name pkg-name-${card.offer.type}`}>{card.name}</h2>
                {card.active && (
                  <Tag color="processing" data-testid="package-active-tag">
                    {t('packages.activeTag')}
                  </Tag>
                )}
              </div>
              <div className="pkg-price">{card.price}</div>
              {card.activeLine && <div className="pkg-active-line">{card.activeLine}</div>}
              <PackageFacts offer={card.offer} />
              <p className={`pkg-rule${card.refused ? ' pkg-rule-refused' : ''}`} data-testid={`package-rule-${card.offer.type}`}>
                {card.rule}
              </p>
              <Button type={card.canBuy ? 'primary' : 'default'} block disabled={!card.canBuy} onClick={() => onBuy(card.offer.type)} data-testid={`package-buy-${card.offer.type}`}>
                {card.action}
              </Button>
            </div>
          </Col>
        ))}
      </Row>
    </>
  );
}
