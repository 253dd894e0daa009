import { useEffect, useRef } from 'react';
import { PasscodeInput, type PasscodeInputProps } from 'antd-mobile';

/**
 * Makes an antd-mobile PasscodeInput one named text field for screen readers. antd-mobile gives
 * its box role="button" and tab stop and hides the real (native) input inside it with
 * aria-hidden: a focusable control hidden from screen readers (axe: aria-hidden-focus) inside
 * another control (axe: nested-interactive). The box keeps its look and its click (tabindex -1
 * still takes a click's focus, which antd-mobile hands on to the native input), loses its role,
 * and the native input is shown to screen readers with the field's name.
 */
export function fixPasscode(root: ParentNode, label: string): void {
  const box = root.querySelector('.adm-passcode-input');
  const input = box?.querySelector('.adm-passcode-input-native-input');
  if (!box || !input) return;
  box.removeAttribute('role');
  box.removeAttribute('aria-label');
  box.setAttribute('tabindex', '-1');
  input.removeAttribute('aria-hidden');
  input.setAttribute('aria-label', label);
  input.setAttribute('autocomplete', 'off');
}

type AccessiblePasscodeInputProps = PasscodeInputProps & {
  /** The field's name, read by screen readers ("Payment password"). */
  label: string;
};

/** antd-mobile's PasscodeInput as one named field (see fixPasscode). */
export function AccessiblePasscodeInput({ label, ...props }: AccessiblePasscodeInputProps) {
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (box.current) fixPasscode(box.current, label);
  }, [label]);
  return (
    <span ref={box} className="m-passcode-box">
      <PasscodeInput {...props} />
    </span>
  );
}
