import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CENTS_PER_UNIT } from '@shopdesk/shared/constants';
import { useAddresses, useDeleteAddress, useLogout, useMe, useSaveAddress, useTopUp } from '../api/mall-api.ts';
import { useMoneyAction } from '../../lib/money-action.ts';
import type { AddressInput, BuyerAddress, OrderTab } from '../api/types.ts';
import { EMPTY_ADDRESS, validateAddress, type AddressErrors } from '../logic/address.ts';
import { AddressFields, AddressSummary } from '../components/address-form.tsx';
import { DepositPanel } from '../components/deposit-panel.tsx';
import { ErrorState, Loading, useMallFormat } from '../components/ui.tsx';
import { Icon, type IconName } from '../components/icons.tsx';
import { showError, showToast } from '../components/toast.ts';
import { ChatBadge } from '../components/chat-button.tsx';

const TOP_UPS = [100, 500, 1000].map((units) => units * CENTS_PER_UNIT);
const ORDER_SHORTCUTS: { tab: OrderTab; icon: IconName }[] = [
  { tab: 'to_ship', icon: 'box' },
  { tab: 'shipping', icon: 'truck' },
  { tab: 'signed', icon: 'check' },
  { tab: 'refund', icon: 'wallet' },
];

function Wallet() {
  const f = useMallFormat();
  const me = useMe();
  const topUp = useTopUp();
  const action = useMoneyAction({ send: (amountCents: number, idempotencyKey: string) => topUp.mutateAsync({ amountCents, idempotencyKey }), fallbackText: f.t('state.error') });
  const run = async (amountCents: number) => {
    const result = await action.run(amountCents);
    if (result) showToast(result.ok ? f.t('me.toppedUp', { amount: f.usdt(amountCents) }) : result.failure.text, result.ok ? 'ok' : 'error');
  };
  if (me.isPending) return <Loading />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  return (
    <section className="mall-wallet" aria-labelledby="me-balance">
      <p className="mall-wallet-hello">{f.t('me.hello', { name: me.data.nickname || me.data.username })}</p>
      <p id="me-balance" className="mall-wallet-label">
        {f.t('me.balance')}
      </p>
      <p className="mall-wallet-amount" data-testid="me-balance" data-cents={me.data.balanceCents}>
        {f.usdt(me.data.balanceCents)}
      </p>
      {me.data.demoTopUp ? (
        <div className="mall-wallet-topup">
          <span>{f.t('me.demoTopUp')}</span>
          {TOP_UPS.map((cents) => (
            <button key={cents} type="button" className="mall-chip mall-chip-light" disabled={action.pending} onClick={() => void run(cents)} data-testid={`topup-${cents}`}>
              +{f.usdt(cents)}
            </button>
          ))}
        </div>
      ) : (
        <p className="mall-wallet-topup" data-testid="topup-off">
          {f.t('me.depositOnly')}
        </p>
      )}
    </section>
  );
}

function AddressEditor({ initial, onDone }: { initial: BuyerAddress | null; onDone: () => void }) {
  const f = useMallFormat();
  const save = useSaveAddress();
  const [value, setValue] = useState<AddressInput>(initial ? { name: initial.name, phone: initial.phone, area: initial.area, address: initial.address } : EMPTY_ADDRESS);
  const [isDefault, setIsDefault] = useState(initial?.isDefault ?? false);
  const [errors, setErrors] = useState<AddressErrors>({});
  const submit = () => {
    const found = validateAddress(value);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: initial?.id, name: value.name.trim(), phone: value.phone.trim(), area: value.area.trim(), address: value.address.trim(), isDefault },
      { onSuccess: () => (showToast(f.t('address.saved')), onDone()), onError: (error) => showError(error, f.t('state.error')) },
    );
  };
  return (
    <form
      className="mall-address-editor"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
      data-testid="address-editor"
    >
      <AddressFields value={value} errors={errors} onChange={setValue} idPrefix={`address-${initial?.id ?? 'new'}`} />
      <label className="mall-inline-check">
        <input type="checkbox" className="mall-check" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />
        {f.t('address.setDefault')}
      </label>
      <div className="mall-actions">
        <button type="submit" className="mall-btn" disabled={save.isPending} data-testid="address-save">
          {f.t('state.save')}
        </button>
        <button type="button" className="mall-btn mall-btn-ghost" onClick={onDone}>
          {f.t('state.cancel')}
        </button>
      </div>
    </form>
  );
}

function Addresses() {
  const f = useMallFormat();
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<BuyerAddress | 'new' | null>(null);
  return (
    <section className="mall-panel mall-section" aria-labelledby="me-addresses" data-testid="me-addresses">
      <div className="mall-section-row">
        <h2 id="me-addresses" className="mall-section-title">
          {f.t('address.title')}
        </h2>
        {editing === null && (
          <button type="button" className="mall-btn mall-btn-small mall-btn-ghost" onClick={() => setEditing('new')} data-testid="address-add">
            <Icon name="plus" size={16} />
            {f.t('address.add')}
          </button>
        )}
      </div>
      {editing === 'new' && <AddressEditor initial={null} onDone={() => setEditing(null)} />}
      {addresses.isPending && <Loading />}
      {addresses.isError && <ErrorState error={addresses.error} onRetry={() => void addresses.refetch()} />}
      {addresses.isSuccess && addresses.data.length === 0 && editing === null && <p className="mall-muted">{f.t('address.empty')}</p>}
      <ul className="mall-address-list">
        {addresses.data?.map((a) =>
          editing !== 'new' && editing?.id === a.id ? (
            <li key={a.id}>
              <AddressEditor initial={a} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={a.id} className="mall-address-item">
              <AddressSummary address={a} />
              <span className="mall-address-actions">
                <button type="button" className="mall-link-btn" onClick={() => setEditing(a)}>
                  {f.t('state.edit')}
                </button>
                <button
                  type="button"
                  className="mall-link-btn danger"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(f.t('address.confirmDelete'))) remove.mutate(a.id, { onError: (error) => showError(error, f.t('state.error')) });
                  }}
                >
                  {f.t('state.delete')}
                </button>
              </span>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

export function MePage() {
  const f = useMallFormat();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <div className="mall-page mall-me" data-testid="mall-me">
      <Wallet />
      <section className="mall-panel mall-section mall-me-links">
        <Link to="/mall/chat" className="mall-row-link" data-testid="me-messages">
          <Icon name="chat" size={18} />
          {f.t('nav.messages')}
          <ChatBadge />
          <span aria-hidden="true">›</span>
        </Link>
      </section>
      <DepositPanel />
      <section className="mall-panel mall-section" aria-labelledby="me-orders">
        <div className="mall-section-row">
          <h2 id="me-orders" className="mall-section-title">
            {f.t('me.orders')}
          </h2>
          <Link to="/mall/orders" className="mall-link" data-testid="me-all-orders">
            {f.t('home.seeAll')}
          </Link>
        </div>
        <div className="mall-shortcuts">
          {ORDER_SHORTCUTS.map(({ tab, icon }) => (
            <Link key={tab} to={`/mall/orders?tab=${tab}`} className="mall-shortcut">
              <Icon name={icon} />
              <span>{f.t(`orders.tabs.${tab}`)}</span>
            </Link>
          ))}
        </div>
      </section>
      <Addresses />
      <section className="mall-panel mall-section mall-me-links">
        <Link to="/mall/coupons" className="mall-row-link">
          <Icon name="ticket" size={18} />
          {f.t('nav.coupons')}
          <span aria-hidden="true">›</span>
        </Link>
        <button type="button" className="mall-row-link danger" disabled={logout.isPending} onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/mall') })} data-testid="mall-logout">
          {f.t('nav.logout')}
        </button>
      </section>
    </div>
  );
}
