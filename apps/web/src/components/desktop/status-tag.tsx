import { Tag } from 'antd';
import { statusTone, type StatusTone } from '../../lib/status-tone.ts';

const COLORS: Record<StatusTone, string> = {
  waiting: 'gold',
  active: 'processing',
  success: 'success',
  danger: 'error',
  neutral: 'default',
};

/** A status in its tone's colour; the caller gives the label in its own namespace. */
export function StatusTag({ status, kind, label }: { status: string; kind?: 'deposit' | 'withdrawal'; label: string }) {
  return (
    <Tag color={COLORS[statusTone(status, kind)]} className="wallet-status-tag" data-testid={`status-${status}`}>
      {label}
    </Tag>
  );
}
