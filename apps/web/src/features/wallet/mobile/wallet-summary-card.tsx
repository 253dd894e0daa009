import { Dialog } from '../../../components/mobile/imperative.ts';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { WALLET } from '@shopdesk/shared/constants';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import { useFormat } from '../../../lib/use-format.ts';

const FIGURES = ['balance', 'available', 'frozen', 'totalEarnings'] as const;
const FIELDS = { balance: 'balanceCents', available: 'availableCents', frozen: 'frozenCents', totalEarnings: 'totalEarningsCents' } as const;

/** The wallet's four figures on the phone; the "?" explains each (SPEC §3). */
export function MobileWalletCard({ summary }: { summary: WalletSummary }) {
  const { t, cents } = useFormat('wallet');
  const explain = () =>
    Dialog.alert({
      title: t('cards.definitions'),
      confirmText: t('cards.gotIt'),
      content: (
        <dl className="m-definitions">
          {FIGURES.map((key) => (
            <div key={key}>
              <dt>{t(`cards.${key}`)}</dt>
              <dd>{t(`cards.${key}Help`)}</dd>
            </div>
          ))}
        </dl>
      ),
    });
  return (
    <div className="m-wallet-card" data-testid="m-wallet-card">
      <div className="m-wallet-card-head">
        <span>
          {t('cards.balance')} ({WALLET.CURRENCY})
        </span>
        <button type="button" className="m-wallet-help" onClick={explain} aria-label={t('cards.definitions')} data-testid="m-wallet-help">
          <QuestionCircleOutline />
        </button>
      </div>
      <div className="m-wallet-balance" data-testid="m-wallet-balance" data-cents={summary.balanceCents}>
        {cents(summary.balanceCents)}
      </div>
      <div className="m-wallet-figures">
        {FIGURES.slice(1).map((key) => (
          <div key={key} className="m-wallet-figure">
            <div className="m-wallet-figure-label">{t(`cards.${key}`)}</div>
            <div className="m-wallet-figure-value" data-testid={`m-wallet-${key}`} data-cents={summary[FIELDS[key]]}>
              {cents(summary[FIELDS[key]])}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
