import { describe, expect, it } from 'vitest';
import { customerServiceLink } from './customer-service.ts';

describe('customerServiceLink', () => {
  it('adds shop id, shop name and user id to a relative link', () => {
    const link = customerServiceLink('/support-chat.html', { shopId: '12', shopName: 'Cửa hàng & Co', userId: '5' }, 'https://shop.example');
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://shop.example/support-chat.html');
    expect(url.searchParams.get('shopId')).toBe('12');
    expect(url.searchParams.get('shopName')).toBe('Cửa hàng & Co');
    expect(url.searchParams.get('userId')).toBe('5');
  });

  it('keeps the query of an absolute link', () => {
    const url = new URL(customerServiceLink('https://chat.example/c?lang=vi', { shopId: '1', shopName: 'A', userId: '2' }, 'https://x'));
    expect(url.host).toBe('chat.example');
    expect(url.searchParams.get('lang')).toBe('vi');
    expect(url.searchParams.get('shopId')).toBe('1');
  });
});
