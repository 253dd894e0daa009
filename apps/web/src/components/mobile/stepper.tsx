import { useEffect, useRef } from 'react';
import { Stepper, type StepperProps } from 'antd-mobile';

const VALUE_ATTRIBUTES = ['aria-valuenow', 'aria-valuemin', 'aria-valuemax'] as const;

/**
 * Gives the spin button of an antd-mobile Stepper its name and values. antd-mobile writes
 * aria-valuenow/-min/-max on the box around the input (not allowed there, axe: aria-allowed-attr)
 * and leaves the input with role="spinbutton" unnamed (axe: label): the values move to the input,
 * which is named `label`. Run again whenever the Stepper rewrites them.
 */
export function fixStepper(root: ParentNode, label: string): void {
  const box = root.querySelector('.adm-stepper-input');
  const input = box?.querySelector('input');
  if (!box || !input) return;
  for (const name of VALUE_ATTRIBUTES) {
    const value = box.getAttribute(name);
    if (value === null) continue;
    input.setAttribute(name, value);
    box.removeAttribute(name);
  }
  if (input.getAttribute('aria-label') !== label) input.setAttribute('aria-label', label);
}

type AccessibleStepperProps = StepperProps & {
  /** The field's name, read by screen readers (the form's label does not reach antd-mobile's input). */
  label: string;
};

/** antd-mobile's Stepper with a named spin button carrying its values (see fixStepper). */
export function AccessibleStepper({ label, ...props }: AccessibleStepperProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    fixStepper(root, label);
    const observer = new MutationObserver(() => fixStepper(root, label));
    observer.observe(root, { subtree: true, attributes: true, attributeFilter: [...VALUE_ATTRIBUTES] });
    return () => observer.disconnect();
  }, [label]);
  return (
    <div ref={box} className="m-stepper-box">
      <Stepper {...props} />
    </div>
  );
}
