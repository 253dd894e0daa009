import { Tag } from 'antd-mobile';
import { statusTone, type StatusTone } from '../../lib/status-tone.ts';

const COLORS: Record<StatusTone, string> = {
  waiting: 'warning',
  active: 'primary',
  success: 'success',
  danger: 'danger',
  neutral: 'default',
};

/** A status in its tone's colour; the caller gives the label in its own namespace. */
export function MobileStatusTag({ status, kind, label }: { status: string; kind?: 'deposit' | 'withdrawal'; label: string }) {
  return (
    <Tag color={COLORS[statusTone(status, kind)]} fill="outline" round data-testid={`m-status-${status}`}>
      {label}
    </Tag>
  );
}
