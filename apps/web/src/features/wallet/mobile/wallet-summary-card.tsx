import { Dialog } from '../../../components/mobile/imperative.ts';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { WALLET } from '@shopdesk/shared/constants';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { WALLET_FIGURES } from '../hooks/use-wallet-screen.ts';


/** The wallet's four figures on the phone; the "?" explains each (SPEC §3). */
export function MobileWalletCard({ summary }: { summary: WalletSummary }) {
  const { t, cents } = useFormat('wallet');
  const explain = () =>
    Dialog.alert({
      title: t('cards.definitions'),
      confirmText: t('cards.gotIt'),
      content: (
        <dl className="m-definitions">
          {WALLET_FIGURES.map(({ key }) => (
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
        {WALLET_FIGURES.slice(1).map(({ key, field }) => (
          <div key={key} className="m-wallet-figure">
            <div className="m-wallet-figure-label">{t(`cards.${key}`)}</div>
            <div className="m-wallet-figure-value" data-testid={`m-wallet-${key}`} data-cents={summary[field]}>
              {cents(summary[field])}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
