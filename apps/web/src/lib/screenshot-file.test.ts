import { describe, expect, it } from 'vitest';
import { WALLET } from '@shopdesk/shared/constants';
import { checkScreenshotFile, SCREENSHOT_MAX_MB } from './screenshot-file.ts';

describe('payment screenshot', () => {
  it('accepts JPG, PNG and PDF up to 5 MB', () => {
    expect(checkScreenshotFile({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(checkScreenshotFile({ name: 'a.jpg', type: 'image/jpeg', size: WALLET.SCREENSHOT_MAX_BYTES })).toBeNull();
    expect(checkScreenshotFile({ name: 'a.pdf', type: 'application/pdf', size: 1 })).toBeNull();
    expect(SCREENSHOT_MAX_MB).toBe(5);
  });

  it('refuses other types, by MIME type or by name when the browser gives none', () => {
    expect(checkScreenshotFile({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(checkScreenshotFile({ name: 'a.png.exe', type: 'application/x-msdownload', size: 10 })).toBe('type');
    expect(checkScreenshotFile({ name: 'a.gif', type: '', size: 10 })).toBe('type');
    expect(checkScreenshotFile({ name: 'scan.PDF', type: '', size: 10 })).toBeNull();
  });

  it('refuses files over 5 MB and empty files', () => {
    expect(checkScreenshotFile({ name: 'a.png', type: 'image/png', size: WALLET.SCREENSHOT_MAX_BYTES + 1 })).toBe('size');
    expect(checkScreenshotFile({ name: 'a.png', type: 'image/png', size: 0 })).toBe('empty');
  });
});
