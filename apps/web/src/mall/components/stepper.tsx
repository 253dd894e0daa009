import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';

/**
 * A quantity stepper (− n +) within 1..max. Typed text is kept as typed (an empty box stays empty)
 * and committed on blur or Enter, clamped into 1..max: snapping a cleared box back to 1 while the
 * buyer types turned "clear, type 1" into 11.
 */
export function Stepper({ value, max, onChange, label, disabled = false, testId }: { value: number; max: number; onChange: (next: number) => void; label: string; disabled?: boolean; testId?: string }) {
  const { t } = useTranslation('mall');
  const [draft, setDraft] = useState<string | null>(null);
  const clamp = (n: number) => Math.max(1, Math.min(Math.max(1, max), Number.isFinite(n) ? Math.floor(n) : 1));
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const next = clamp(draft === '' ? 1 : Number(draft));
    if (next !== value) onChange(next);
  };
  return (
    <span className="mall-stepper" data-testid={testId}>
      <button type="button" className="mall-icon-btn" disabled={disabled || value <= 1} onClick={() => onChange(clamp(value - 1))} aria-label={t('product.decrease')}>
        <Icon name="minus" size={16} />
      </button>
      <input
        inputMode="numeric"
        value={draft ?? String(value)}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => setDraft(e.target.value.replace(/\D/g, '').slice(0, 6))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      <button type="button" className="mall-icon-btn" disabled={disabled || value >= max} onClick={() => onChange(clamp(value + 1))} aria-label={t('product.increase')}>
        <Icon name="plus" size={16} />
      </button>
    </span>
  );
}
