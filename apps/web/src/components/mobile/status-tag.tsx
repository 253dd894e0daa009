import { Tag } from 'antd-mobile';
import { statusTone, type StatusTone } from '../status-tone.ts';
import { useWalletFormat } from '../components/use-wallet-format.ts';

const COLORS: Record<StatusTone, string> = {
  waiting: 'warning',
  active: 'primary',
  success: 'success',
  danger: 'danger',
  neutral: 'default',
};

export function MobileStatusTag({ status, kind }: { status: string; kind?: 'deposit' | 'withdrawal' }) {
  const { statusLabel } = useWalletFormat();
  return (
    <Tag color={COLORS[statusTone(status, kind)]} fill="outline" round data-testid={`m-status-${status}`}>
      {statusLabel(status)}
    </Tag>
  );
}
