import type { CSSProperties } from 'react';
import { Select } from 'antd';

interface ChoiceFilterProps<V extends string> {
  /** The chosen value (from the address), or none: every value. */
  value: V | undefined;
  choices: readonly V[];
  /** The text of a value in the list. */
  label: (value: V) => string;
  /** What "no choice" reads ("All statuses"). */
  placeholder: string;
  onChange: (value: V | undefined) => void;
  style?: CSSProperties;
  /** The name a screen reader reads when the placeholder is not enough. */
  ariaLabel?: string;
  testId?: string;
}

/** One filter of a desktop list's toolbar: a value of a fixed list, or none (cleared: every value). */
export function ChoiceFilter<V extends string>({ value, choices, label, placeholder, onChange, style = { minWidth: 160 }, ariaLabel, testId }: ChoiceFilterProps<V>) {
  return (
    <Select<V | undefined>
      allowClear
      placeholder={placeholder}
      // A Select's placeholder does not name its input (axe: label): without a name of its own, the placeholder does.
      aria-label={ariaLabel ?? placeholder}
      value={value}
      options={choices.map((choice) => ({ value: choice, label: label(choice) }))}
      onChange={(choice) => onChange(choice ?? undefined)}
      style={style}
      data-testid={testId}
    />
  );
}
