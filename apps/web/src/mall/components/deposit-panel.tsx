import { WALLET } from '@shopdesk/shared/constants';
import type { BuyerDeposit, DepositStatus } from '../api/types.ts';
import { useDepositPanel } from '../hooks/use-deposit-panel.ts';
import { Icon } from './icons.tsx';
import { ErrorState, Loading, useMallFormat } from './ui.tsx';

const STATUS_BADGE: Record<DepositStatus, string> = { pending: 'mall-badge-warn', approved: 'mall-badge-ok', rejected: 'mall-badge-muted' };

type Panel = ReturnType<typeof useDepositPanel>;

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <span id={id} className="mall-field-error" data-testid={id}>
      {text}
    </span>
  ) : null;
}

function DepositForm({ panel }: { panel: Panel }) {
  const f = useMallFormat();
  const { chosen, errors, limits } = panel;
  const list = panel.addresses.data ?? [];
  if (!chosen) return <p className="mall-muted" data-testid="deposit-unavailable">{f.t('deposit.unavailable')}</p>;
  return (
    <form
      className="mall-deposit-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void panel.submit();
      }}
      data-testid="deposit-form"
    >
      <fieldset className="mall-deposit-networks">
        <legend>{f.t('deposit.network')}</legend>
        <div className="mall-chips">
          {list.map((a) => (
            <button key={a.network} type="button" className="mall-chip" aria-pressed={a.network === chosen.network} onClick={() => panel.selectNetwork(a.network)} data-testid={`deposit-network-${a.network}`}>
              {a.network}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="mall-deposit-address" data-testid="deposit-address-panel">
        <span className="mall-muted">{f.t('deposit.addressLabel', { network: chosen.network })}</span>
        <code className="mall-deposit-address-value" data-testid="deposit-address">
          {chosen.address}
        </code>
        <button type="button" className="mall-btn mall-btn-small mall-btn-ghost" onClick={() => void panel.copyAddress()} data-testid="deposit-copy">
          {f.t('deposit.copy')}
        </button>
        <span className="mall-deposit-warning">{f.t('deposit.networkWarning', { network: chosen.network, currency: WALLET.CURRENCY })}</span>
      </div>
      <label className="mall-field">
        <span>{f.t('deposit.amount')}</span>
        <input
          value={panel.amount}
          onChange={(e) => panel.setAmount(e.target.value)}
          inputMode="decimal"
          autoComplete="off"
          placeholder={f.t('deposit.amountPlaceholder', { min: limits.min })}
          aria-invalid={Boolean(errors.amount)}
          aria-describedby={errors.amount ? 'deposit-amount-error' : 'deposit-amount-hint'}
          data-testid="deposit-amount"
        />
        {errors.amount ? <FieldError id="deposit-amount-error" text={errors.amount} /> : <span id="deposit-amount-hint" className="mall-muted mall-hint">{f.t('deposit.minHint', { min: limits.min })}</span>}
      </label>
      <label className="mall-field">
        <span>{f.t('deposit.fromAddress')}</span>
        <input
          value={panel.fromAddress}
          onChange={(e) => panel.setFromAddress(e.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={f.t('deposit.fromAddressPlaceholder')}
          aria-invalid={Boolean(errors.fromAddress)}
          aria-describedby={errors.fromAddress ? 'deposit-from-error' : undefined}
          data-testid="deposit-from"
        />
        <FieldError id="deposit-from-error" text={errors.fromAddress} />
      </label>
      <div className="mall-field">
        <span id="deposit-file-label">{f.t('deposit.screenshot')}</span>
        {panel.screenshot ? (
          <span className="mall-deposit-file" data-testid="deposit-file-chosen">
            <Icon name="image" size={18} />
            <span className="mall-deposit-file-name">{panel.screenshot.name}</span>
            <button type="button" className="mall-link-btn danger" onClick={panel.clearFile}>
              {f.t('deposit.removeFile')}
            </button>
          </span>
        ) : (
          <label className="mall-btn mall-btn-ghost mall-deposit-pick">
            <Icon name="image" size={18} />
            {f.t('deposit.chooseFile')}
            <input
              type="file"
              className="sr-only"
              accept={panel.accept}
              aria-labelledby="deposit-file-label"
              aria-describedby={errors.screenshot ? 'deposit-file-error' : 'deposit-file-hint'}
              onChange={(e) => {
                panel.pickFile(e.target.files?.[0]);
                e.target.value = '';
              }}
              data-testid="deposit-file"
            />
          </label>
        )}
        {errors.screenshot ? <FieldError id="deposit-file-error" text={errors.screenshot} /> : <span id="deposit-file-hint" className="mall-muted mall-hint">{f.t('deposit.screenshotHint', { max: limits.maxMb })}</span>}
      </div>
      <p className="mall-muted mall-hint">{f.t('deposit.reviewNote')}</p>
      {panel.failure && (
        <p className="mall-field-error" role="alert" data-testid="deposit-failure">
          {panel.failure}
        </p>
      )}
      <button type="submit" className="mall-btn mall-btn-block" disabled={panel.pending} data-testid="deposit-submit">
        {f.t('deposit.submit')}
      </button>
    </form>
  );
}

function DepositRow({ row }: { row: BuyerDeposit }) {
  const f = useMallFormat();
  return (
    <li className="mall-deposit-row" data-testid="deposit-row" data-status={row.status}>
      <span className="mall-option-text">
        <strong>{f.usdt(row.amountCents)}</strong>
        <span className="mall-muted">
          {row.network} · <time dateTime={row.createdAt}>{f.dateTime(row.createdAt)}</time>
        </span>
        {row.status === 'rejected' && row.rejectReason && <span className="mall-muted">{f.t('deposit.rejectReason', { reason: row.rejectReason })}</span>}
      </span>
      <span className={`mall-badge ${STATUS_BADGE[row.status]}`} data-testid="deposit-status">
        {f.t(`deposit.status.${row.status}`)}
      </span>
    </li>
  );
}

function DepositHistory({ panel }: { panel: Panel }) {
  const f = useMallFormat();
  const { deposits } = panel;
  return (
    <div className="mall-deposit-history" data-testid="deposit-history">
      <h3 className="mall-deposit-subtitle">{f.t('deposit.history')}</h3>
      {deposits.isPending && <Loading />}
      {deposits.isError && <ErrorState error={deposits.error} onRetry={() => void deposits.refetch()} />}
      {deposits.isSuccess && deposits.data.length === 0 && <p className="mall-muted" data-testid="deposit-empty">{f.t('deposit.historyEmpty')}</p>}
      {deposits.isSuccess && deposits.data.length > 0 && (
        <ul className="mall-address-list">
          {deposits.data.map((row) => (
            <DepositRow key={row.id} row={row} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The buyer's deposit (USDT to the platform's address, checked by the operator) and its requests. */
export function DepositPanel() {
  const f = useMallFormat();
  const panel = useDepositPanel();
  const { addresses } = panel;
  return (
    <section className="mall-panel mall-section mall-deposit" aria-labelledby="me-deposit" data-testid="mall-deposit">
      <h2 id="me-deposit" className="mall-section-title">
        <Icon name="wallet" size={18} />
        {f.t('deposit.title')}
      </h2>
      <div className="mall-deposit-body">
        {addresses.isPending && <Loading />}
        {addresses.isError && <ErrorState error={addresses.error} onRetry={() => void addresses.refetch()} />}
        {addresses.isSuccess && <DepositForm panel={panel} />}
        <DepositHistory panel={panel} />
      </div>
    </section>
  );
}
