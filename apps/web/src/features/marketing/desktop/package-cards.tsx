import { Alert, Button, Col, Row, Tag } from 'antd';
import type { PackagesAnswer } from '@shopdesk/shared/marketing/packages-schemas';
import type { PackageType } from '@shopdesk/shared/products/packages';
import { PackageFacts } from '../components/package-facts.tsx';
import { usePackageBuyer, usePackageTexts } from '../hooks/use-package-purchase.ts';

/**
 * The three packages side by side: price, validity, products, exposure, the rule of buying now, and
 * "buy" (an administrator's only: an ordinary user sees why the buttons are disabled).
 */
export function PackageCards({ data, onBuy }: { data: PackagesAnswer; onBuy: (type: PackageType) => void }) {
  const texts = usePackageTexts();
  const { f } = texts;
  const { t } = f;
  const buyer = usePackageBuyer();
  return (
    <>
      {buyer.adminOnly && <Alert type="info" showIcon title={t('packages.adminOnly')} data-testid="package-admin-only" />}
      <Row gutter={[16, 16]} data-testid="package-cards">
        {data.packages.map((offer) => {
          const active = data.active?.type === offer.type ? data.active : null;
          return (
            <Col key={offer.type} xs={24} md={8}>
              <div className={`pkg-card${active ? ' pkg-card-active' : ''}`} data-testid={`package-card-${offer.type}`}>
                <div className="pkg-card-head">
                  <h3 className={`pkg-name pkg-name-${offer.type}`}>{texts.name(offer.type)}</h3>
                  {active && (
                    <Tag color="processing" data-testid="package-active-tag">
                      {t('packages.activeTag')}
                    </Tag>
                  )}
                </div>
                <div className="pkg-price">{f.usdt(offer.priceCents)}</div>
                {active && (
                  <div className="pkg-active-line">
                    {t('packages.activeUntil', { date: f.date(active.expiresAt) })} · {t('packages.daysLeft', { days: active.daysLeft })}
                  </div>
                )}
                <PackageFacts offer={offer} />
                <p className={`pkg-rule${offer.plan.allowed ? '' : ' pkg-rule-refused'}`} data-testid={`package-rule-${offer.type}`}>
                  {texts.rule(offer, data.active)}
                </p>
                <Button
                  type={offer.plan.allowed && buyer.canBuy ? 'primary' : 'default'}
                  block
                  disabled={!offer.plan.allowed || !buyer.canBuy}
                  onClick={() => onBuy(offer.type)}
                  data-testid={`package-buy-${offer.type}`}
                >
                  {texts.action(offer)}
                </Button>
              </div>
            </Col>
          );
        })}
      </Row>
    </>
  );
}
