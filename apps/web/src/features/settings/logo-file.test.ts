import { describe, expect, it } from 'vitest';
import { SHOP } from '@shopdesk/shared/constants';
import { checkLogo } from './logo-file.ts';

describe('checkLogo', () => {
  it('accepts an image up to the logo limit', () => {
    expect(checkLogo({ type: 'image/png', size: SHOP.LOGO_MAX_BYTES })).toBeNull();
  });

  it('refuses other files and larger images', () => {
    expect(checkLogo({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(checkLogo({ type: 'image/jpeg', size: SHOP.LOGO_MAX_BYTES + 1 })).toBe('size');
  });
});
