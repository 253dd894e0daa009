import { Card, Col, Empty, Progress, Row, Statistic, Tag, Typography } from 'antd';
import { CrownFilled, SafetyCertificateOutlined, ShopOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SHOP } from '@shopdesk/shared/constants';
import type { CurrentUser } from '@shopdesk/shared/auth/schemas';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { useMe } from '../../auth/api/me.ts';
import { usePendingCount } from '../../orders/api/pending-count.ts';

function creditColor(score: number): string {
  if (score < SHOP.CREDIT_WITHDRAW_MIN) return '#ff4d4f';
  if (score < SHOP.CREDIT_WARNING_AT) return '#faad14';
  return '#52c41a';
}

function Overview({ me }: { me: CurrentUser }) {
  const { t } = useTranslation('layout');
  const pending = usePendingCount();
  const shop = me.shop;
  if (!shop) return <Empty description={t('noShop')} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12} xl={6}>
        <Card variant="borderless" className="stat-card">
          <Statistic title={t('overview.shop')} value={shop.shopName} prefix={<ShopOutlined />} styles={{ content: { fontSize: 20 } }} />
          <Typography.Text type="secondary">{t('shopId', { id: shop.shopId })}</Typography.Text>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card variant="borderless" className="stat-card">
          <Statistic title={t('overview.vipLevel')} value={shop.vipLevel} prefix={<CrownFilled style={{ color: '#faad14' }} />} suffix={`/ ${SHOP.VIP_LEVEL_MAX}`} />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card variant="borderless" className="stat-card">
          <Statistic title={t('overview.pendingOrders')} value={pending.data ?? 0} loading={pending.isPending} prefix={<ShoppingCartOutlined />} />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card variant="borderless" className="stat-card">
          <Typography.Text type="secondary"><SafetyCertificateOutlined /> {t('overview.creditScore')}</Typography.Text>
          <Progress percent={(shop.creditScore / SHOP.CREDIT_SCORE_MAX) * 100} format={() => shop.creditScore} strokeColor={creditColor(shop.creditScore)} />
          {shop.frozen && <Tag color="error">{t('overview.frozen')}</Tag>}
        </Card>
      </Col>
    </Row>
  );
}

/** The dashboard frame: a welcome and the shop overview; the full dashboard arrives with its own issue. */
export function DashboardPage() {
  const { t } = useTranslation(['menu', 'layout']);
  const me = useMe();
  return (
    <div className="dashboard" data-testid="dashboard-page">
      <Card className="dashboard-welcome" variant="borderless">
        <Typography.Title level={1} className="page-title">{t('menu:dashboard')}</Typography.Title>
        <Typography.Text type="secondary">{t('layout:welcome', { name: me.data?.username ?? '' })}</Typography.Text>
      </Card>
      <QueryState query={me}>{(data) => <Overview me={data} />}</QueryState>
    </div>
  );
}
