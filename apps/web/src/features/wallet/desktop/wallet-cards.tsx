import { Col, Row, Tooltip } from 'antd';
import { LockOutlined, QuestionCircleOutlined, RiseOutlined, WalletOutlined, CheckCircleOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { WALLET } from '@shopdesk/shared/constants';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { WALLET_FIGURES } from '../hooks/use-wallet-screen.ts';

const ICONS = {
  balance: <WalletOutlined aria-hidden />,
  available: <CheckCircleOutlined aria-hidden />,
  held: <ClockCircleOutlined aria-hidden />,
  frozen: <LockOutlined aria-hidden />,
  totalEarnings: <RiseOutlined aria-hidden />,
};

/** Balance, available, held, frozen and total earnings (SPEC §3), each with its definition in a tooltip. */
export function WalletCards({ summary }: { summary: WalletSummary }) {
  const { t, cents } = useFormat('wallet');
  return (
    <Row gutter={[16, 16]} className="wallet-cards">
      {WALLET_FIGURES.map((f) => (
        <Col key={f.key} xs={24} sm={12} xl={6}>
          <div className={`wallet-stat wallet-stat-${f.key}`} data-testid={`wallet-card-${f.key}`}>
            <div className="wallet-stat-head">
              <span className="wallet-stat-icon">{ICONS[f.key]}</span>
              <span className="wallet-stat-title">{t(`cards.${f.key}`)}</span>
              <Tooltip title={t(`cards.${f.key}Help`)}>
                <QuestionCircleOutlined className="wallet-stat-help" aria-label={t(`cards.${f.key}Help`)} data-testid={`wallet-help-${f.key}`} />
              </Tooltip>
            </div>
            <div className="wallet-stat-value" data-testid={`wallet-${f.key}`} data-cents={summary[f.field]}>
              {cents(summary[f.field])}
              <span className="wallet-stat-unit">{WALLET.CURRENCY}</span>
            </div>
          </div>
        </Col>
      ))}
    </Row>
  );
}
