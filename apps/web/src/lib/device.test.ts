import { describe, expect, it } from 'vitest';
import { UI } from '@shopdesk/shared/constants';
import { isMobileDevice } from './device.ts';

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';

describe('isMobileDevice', () => {
  it('is mobile for a mobile user agent at any width', () => {
    expect(isMobileDevice(IPHONE_UA, 1200)).toBe(true);
    expect(isMobileDevice(ANDROID_UA, 1440)).toBe(true);
  });

  it('is mobile for a desktop browser narrower than the breakpoint', () => {
    expect(isMobileDevice(DESKTOP_UA, UI.MOBILE_BREAKPOINT - 1)).toBe(true);
  });

  it('is desktop for a desktop browser at or above the breakpoint', () => {
    expect(isMobileDevice(DESKTOP_UA, UI.MOBILE_BREAKPOINT)).toBe(false);
    expect(isMobileDevice(DESKTOP_UA, 1440)).toBe(false);
  });

  it('keeps the layout it had through a window too narrow to work in (a 1×1 resize, a minimized window)', () => {
    expect(isMobileDevice(DESKTOP_UA, 1, false)).toBe(false);
    expect(isMobileDevice(DESKTOP_UA, 0, true)).toBe(true);
    expect(isMobileDevice(DESKTOP_UA, 1)).toBe(true); // no answer before: the width decides
    expect(isMobileDevice(DESKTOP_UA, 280, false)).toBe(true); // the narrowest phones do switch
  });
});
