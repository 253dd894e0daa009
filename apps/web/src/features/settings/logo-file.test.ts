import { describe, expect, it } from 'vitest';
import { SHOP } from '@shopdesk/shared/constants';
import { checkLogo, cropPlacement } from './logo-file.ts';

describe('checkLogo', () => {
  it('accepts an image up to the logo limit', () => {
    expect(checkLogo({ type: 'image/png', size: SHOP.LOGO_MAX_BYTES })).toBeNull();
  });

  it('refuses other files, SVG and larger images', () => {
    expect(checkLogo({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(checkLogo({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(checkLogo({ type: 'image/jpeg', size: SHOP.LOGO_MAX_BYTES + 1 })).toBe('size');
  });
});

describe('cropPlacement', () => {
  it('centres a wide image so that its height fills the square', () => {
    expect(cropPlacement(400, 200, 200, 1, { x: 0, y: 0 })).toMatchObject({ x: -100, y: 0, width: 400, height: 200 });
  });

  it('never lets the image uncover the square, however far it is moved', () => {
    const placed = cropPlacement(400, 200, 200, 1, { x: 500, y: 50 });
    expect(placed).toMatchObject({ x: 0, y: 0, offset: { x: 100, y: 0 } });
    expect(cropPlacement(200, 200, 200, 2, { x: -1000, y: 0 }).x).toBe(-200);
  });
});
