import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';

/** A quantity stepper (− n +) within 1..max; the input accepts typed numbers too. */
export function Stepper({ value, max, onChange, label, disabled = false, testId }: { value: number; max: number; onChange: (next: number) => void; label: string; disabled?: boolean; testId?: string }) {
  const { t } = useTranslation('mall');
  const clamp = (n: number) => Math.max(1, Math.min(Math.max(1, max), Number.isFinite(n) ? Math.floor(n) : 1));
  return (
    <span className="mall-stepper" data-testid={testId}>
      <button type="button" className="mall-icon-btn" disabled={disabled || value <= 1} onClick={() => onChange(clamp(value - 1))} aria-label={t('product.decrease')}>
        <Icon name="minus" size={16} />
      </button>
      <input inputMode="numeric" value={value} disabled={disabled} aria-label={label} onChange={(e) => onChange(clamp(Number(e.target.value.replace(/\D/g, '')) || 1))} />
      <button type="button" className="mall-icon-btn" disabled={disabled || value >= max} onClick={() => onChange(clamp(value + 1))} aria-label={t('product.increase')}>
        <Icon name="plus" size={16} />
      </button>
    </span>
  );
}
