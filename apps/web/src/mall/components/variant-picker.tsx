import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useMallFormat } from './ui.tsx';

export interface PickerAxis {
  name: string;
  chosen: string | null;
  values: { value: string; available: boolean }[];
}

/**
 * One option axis as a radio group of chips: one tab stop (the chosen value, else the first), arrow
 * keys move between the values and pick the available ones. A value that cannot be bought with the
 * rest of the choice stays visible, struck through and marked sold out, and is not picked.
 */
function AxisGroup({ axis, index, onPick }: { axis: PickerAxis; index: number; onPick: (axis: number, value: string) => void }) {
  const f = useMallFormat();
  const labelId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const focusIndex = Math.max(
    0,
    axis.values.findIndex((v) => v.value === axis.chosen),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, at: number) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (at + step + axis.values.length) % axis.values.length;
    refs.current[next]?.focus();
    const target = axis.values[next]!;
    if (target.available && target.value !== axis.chosen) onPick(index, target.value);
  };
  return (
    <div className="mall-variant-axis">
      <span id={labelId} className="mall-variant-axis-name">
        {axis.name}
        {axis.chosen !== null && <span className="mall-variant-axis-chosen">: {axis.chosen}</span>}
      </span>
      <div role="radiogroup" aria-labelledby={labelId} className="mall-chips mall-variant-values" data-testid="variant-axis" data-axis={axis.name}>
        {axis.values.map((v, at) => {
          const checked = v.value === axis.chosen;
          return (
            <button
              key={v.value}
              ref={(el) => {
                refs.current[at] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-disabled={!v.available || undefined}
              tabIndex={at === focusIndex ? 0 : -1}
              className={`mall-chip mall-variant-chip${v.available ? '' : ' sold-out'}`}
              onClick={() => {
                // A chosen value is cleared by a second press; a sold-out one is not picked.
                if (v.available || checked) onPick(index, v.value);
              }}
              onKeyDown={(e) => onKeyDown(e, at)}
              data-testid="variant-value"
              data-value={v.value}
              data-sold-out={v.available ? undefined : 'true'}
            >
              <span className="mall-variant-value">{v.value}</span>
              {!v.available && <span className="mall-variant-sold-out">{f.t('card.outOfStock')}</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}

export function VariantPicker({ axes, onPick, missing }: { axes: PickerAxis[]; onPick: (axis: number, value: string) => void; missing: { text: string; seq: number } | null }) {
  const box = useRef<HTMLDivElement>(null);
  // On a phone the buttons stay at the bottom while the picker may be out of view: each press
  // without a full choice brings the picker and its message into view.
  const seq = missing?.seq ?? 0;
  useEffect(() => {
    if (seq > 0) box.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [seq]);
  if (axes.length === 0) return null;
  return (
    <div className="mall-variant-picker" data-testid="variant-picker" ref={box}>
      {axes.map((axis, index) => (
        <AxisGroup key={axis.name} axis={axis} index={index} onPick={onPick} />
      ))}
      {missing && (
        <p className="mall-variant-missing" role="alert" data-testid="variant-missing">
          {missing.text}
        </p>
      )}
    </div>
  );
}
