import type { AddressInput, BuyerAddress } from '../api/types.ts';
import type { AddressErrors, AddressField } from '../logic/address.ts';
import { useMallFormat } from './ui.tsx';

const FIELDS: { field: AddressField; autoComplete: string; inputMode?: 'tel' }[] = [
  { field: 'name', autoComplete: 'name' },
  { field: 'phone', autoComplete: 'tel', inputMode: 'tel' },
  { field: 'area', autoComplete: 'address-level1' },
  { field: 'address', autoComplete: 'street-address' },
];

/** The receiver fields with their messages (SPEC §5) under each, in the buyer's language. */
export function AddressFields({ value, errors, onChange, idPrefix }: { value: AddressInput; errors: AddressErrors; onChange: (next: AddressInput) => void; idPrefix: string }) {
  const f = useMallFormat();
  return (
    <div className="mall-address-fields">
      {FIELDS.map(({ field, autoComplete, inputMode }) => {
        const errorId = `${idPrefix}-${field}-error`;
        const error = errors[field];
        return (
          <label key={field} className={`mall-field mall-field-${field}`}>
            <span>{f.t(`address.${field}`)}</span>
            <input
              value={value[field]}
              onChange={(e) => onChange({ ...value, [field]: e.target.value })}
              placeholder={f.t(`address.${field}Placeholder`)}
              autoComplete={autoComplete}
              inputMode={inputMode}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              data-testid={`address-${field}`}
            />
            {error && (
              <span id={errorId} className="mall-field-error" data-testid={`address-${field}-error`}>
                {f.t(`address.errors.${error}`)}
              </span>
            )}
          </label>
        );
      })}
    </div>
  );
}

/** A saved address as one block: receiver and phone, area and street, and the default badge. */
export function AddressSummary({ address: a }: { address: BuyerAddress }) {
  const f = useMallFormat();
  return (
    <span className="mall-option-text">
      <strong>
        {a.name} · {a.phone}
      </strong>
      <span className="mall-muted">
        {a.area}, {a.address}
      </span>
      {a.isDefault && <span className="mall-badge">{f.t('address.default')}</span>}
    </span>
  );
}
