// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fixStepper } from './stepper.tsx';
import { fixPasscode } from './passcode-input.tsx';

describe('fixStepper', () => {
  it('moves the values from the box onto the named spin button', () => {
    document.body.innerHTML = `<div class="adm-stepper"><div class="adm-input adm-stepper-input" aria-valuenow="7" aria-valuemin="0" aria-valuemax="99"><input role="spinbutton"></div></div>`;
    fixStepper(document.body, 'Stock');
    const box = document.querySelector('.adm-stepper-input');
    const input = document.querySelector('input');
    expect(['aria-valuenow', 'aria-valuemin', 'aria-valuemax'].map((a) => box?.hasAttribute(a))).toEqual([false, false, false]);
    expect(['aria-valuenow', 'aria-valuemin', 'aria-valuemax', 'aria-label'].map((a) => input?.getAttribute(a))).toEqual(['7', '0', '99', 'Stock']);
  });
});

describe('fixPasscode', () => {
  it('makes the native input the one named field and the box a plain click target', () => {
    document.body.innerHTML = `<div class="adm-passcode-input" tabindex="0" role="button" aria-label="密码输入框"><div class="cells"></div><input class="adm-passcode-input-native-input" aria-hidden="true"></div>`;
    fixPasscode(document.body, 'Payment password');
    const box = document.querySelector('.adm-passcode-input');
    const input = document.querySelector('input');
    expect([box?.hasAttribute('role'), box?.hasAttribute('aria-label'), box?.getAttribute('tabindex')]).toEqual([false, false, '-1']);
    expect([input?.hasAttribute('aria-hidden'), input?.getAttribute('aria-label')]).toEqual([false, 'Payment password']);
  });
});
