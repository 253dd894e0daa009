import { Tag } from 'antd';
import { statusTone, type StatusTone } from '../status-tone.ts';
import { useWalletFormat } from '../components/use-wallet-format.ts';

const COLORS: Record<StatusTone, string> = {
  waiting: 'gold',
  active: 'processing',
  success: 'success',
  danger: 'error',
  neutral: 'default',
};

export function StatusTag({ status, kind }: { status: string; kind?: 'deposit' | 'withdrawal' }) {
  const { statusLabel } = useWalletFormat();
  return (
    <Tag color={COLORS[statusTone(status, kind)]} className="wallet-status-tag" data-testid={`status-${status}`}>
      {statusLabel(status)}
    </Tag>
  );
}
