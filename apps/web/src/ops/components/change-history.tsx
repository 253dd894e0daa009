import { Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useFormat } from '../../lib/use-format.ts';
import { useTargetAudit, type TargetAuditItem } from '../api/shops-api.ts';
import { ListCard } from './list-card.tsx';

const text = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));
/** Long JSON has no spaces to wrap at: it breaks anywhere so the column keeps its width. */
const CODE_STYLE = { wordBreak: 'break-all' } as const;

/**
 * The changes of a settings-like target from the audit trail (the marketplace settings, the
 * packages on sale, the coupons): who, when, maybe what, before and after. Without targetId it
 * lists every target of the type.
 */
export function ChangeHistory({ title, testId, targetType, targetId, emptyText, withAction = false }: { title: string; testId: string; targetType: string; targetId?: number; emptyText: string; withAction?: boolean }) {
  const f = useFormat('ops');
  const { t } = f;
  const audit = useTargetAudit(targetType, targetId);
  const columns: TableColumnsType<TargetAuditItem> = [
    { key: 'time', title: t('audit.time'), render: (_, row) => f.dateTime(row.createdAt) },
    { key: 'operator', title: t('audit.operator'), render: (_, row) => <span data-testid={`${testId}-operator-${row.id}`}>{row.operatorName}</span> },
    ...(withAction ? [{ key: 'action', title: t('audit.action'), render: (_: unknown, row: TargetAuditItem) => t(`auditActions.${row.action}`, { defaultValue: row.action }) }] : []),
    { key: 'before', title: t('audit.before'), width: 360, render: (_, row) => <Typography.Text code style={CODE_STYLE}>{text(row.before)}</Typography.Text> },
    { key: 'after', title: t('audit.after'), width: 360, render: (_, row) => <Typography.Text code style={CODE_STYLE}>{text(row.after)}</Typography.Text> },
  ];
  return <ListCard title={title} testId={testId} query={audit} emptyText={emptyText} columns={columns} />;
}
