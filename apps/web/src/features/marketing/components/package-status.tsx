import { useFormat } from '../../../lib/use-format.ts';

/**
 * The active package and the balance side by side (kit-free: the desktop page and the phone tab
 * both show it; `testIdPrefix` is `package` or `m-package`).
 */
export function PackageStatus({ current, availableCents, testIdPrefix }: { current: string; availableCents: number; testIdPrefix: string }) {
  const { t, usdt } = useFormat('packages');
  return (
    <div className="pkg-status">
      <div>
        <div className="pkg-status-label">{t('packages.current')}</div>
        <div className="pkg-status-value" data-testid={`${testIdPrefix}-current`}>
          {current}
        </div>
      </div>
      <div>
        <div className="pkg-status-label">{t('packages.balance')}</div>
        <div className="pkg-status-value pkg-num" data-testid={`${testIdPrefix}-available`} data-cents={availableCents}>
          {usdt(availableCents)}
        </div>
      </div>
    </div>
  );
}
