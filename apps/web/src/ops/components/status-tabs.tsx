import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

/** The statuses a queue is read in, the first (pending) by default; kept in the address (?status=). */
export function StatusTabs({ statuses, value, onChange }: { statuses: readonly string[]; value: string; onChange: (status: string) => void }) {
  const { t } = useTranslation('ops');
  return <Segmented aria-label={t('common:icons.showOnly')} options={statuses.map((s) => ({ value: s, label: <span data-testid={`ops-status-${s}`}>{t(`statuses.${s}`)}</span> }))} value={value} onChange={(v) => onChange(String(v))} />;
}
