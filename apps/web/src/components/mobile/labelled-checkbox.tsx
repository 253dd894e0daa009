import { Checkbox, type CheckboxProps } from 'antd-mobile';

type LabelledCheckboxProps = Omit<CheckboxProps, 'children'> & {
  /** What is picked (a product's name, an order number), read by screen readers only. */
  label: string;
};

/**
 * antd-mobile's Checkbox is a <label> around its input: an aria-label on it is not allowed (axe:
 * aria-prohibited-attr) and names nothing. The name goes inside the label, for screen readers only.
 */
export function LabelledCheckbox({ label, style, ...props }: LabelledCheckboxProps) {
  return (
    <Checkbox {...props} style={{ '--gap': '0px', ...style }}>
      <span className="sr-only">{label}</span>
    </Checkbox>
  );
}
