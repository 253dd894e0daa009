import { Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { WALLET } from '@shopdesk/shared/constants';
import type { WithdrawPreview } from '../amount-rules.ts';
import { useFormat } from '../../../lib/use-format.ts';

/** The live fee and arrival amount of a withdrawal, before confirming. */
export function WithdrawPreviewPanel({ preview, feeBp }: { preview: WithdrawPreview | null; feeBp: number }) {
  const { t, usdt, rate } = useFormat('wallet');
  const dash = '—';
  return (
    <div className="withdraw-preview" data-testid="withdraw-preview">
      <div className="withdraw-preview-row">
        <span>{t('withdraw.amount')}</span>
        <span data-testid="preview-amount">{preview ? usdt(preview.amountCents) : dash}</span>
      </div>
      <div className="withdraw-preview-row">
        <span>{t('withdraw.fee', { rate: rate(feeBp) })}</span>
        <span data-testid="preview-fee">{preview ? usdt(preview.feeCents) : dash}</span>
      </div>
      <div className="withdraw-preview-row withdraw-preview-arrival">
        <span>{t('withdraw.arrival')}</span>
        <strong data-testid="preview-arrival">{preview ? usdt(preview.arrivalCents) : dash}</strong>
      </div>
      <Typography.Text type="secondary" className="withdraw-preview-time">
        <ClockCircleOutlined aria-hidden /> {t('withdraw.arrivalTime', { hours: WALLET.ARRIVAL_HOURS })}
      </Typography.Text>
    </div>
  );
}
