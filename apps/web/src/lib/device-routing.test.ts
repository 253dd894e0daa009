import { describe, expect, it } from 'vitest';
import { afterLoginPath, desktopToMobile, isKnownPath, mobileToDesktop, normalizePath, resolveRoute } from './device-routing.ts';

const desktop = (pathname: string, hasToken = true, search = '') => resolveRoute({ pathname, search, hasToken, mobile: false });
const mobile = (pathname: string, hasToken = true, search = '') => resolveRoute({ pathname, search, hasToken, mobile: true });

describe('guard', () => {
  it('sends anonymous visitors to the login page of their device', () => {
    expect(desktop('/orders', false)).toEqual({ to: '/login', returnTo: '/orders' });
    expect(mobile('/m/orders', false)).toEqual({ to: '/m/login', returnTo: '/m/orders' });
    expect(desktop('/', false)).toEqual({ to: '/login' });
    expect(mobile('/m/shop', false)).toEqual({ to: '/m/login' });
  });

  it('lets anonymous visitors see the login page of their device', () => {
    expect(desktop('/login', false)).toBeNull();
    expect(mobile('/m/login', false)).toBeNull();
  });

  it('sends anonymous visitors of the other device login page to their own', () => {
    expect(desktop('/m/login', false)).toEqual({ to: '/login' });
    expect(mobile('/login', false)).toEqual({ to: '/m/login' });
  });

  it('maps before bouncing, so login continues on the mapped page', () => {
    expect(mobile('/orders', false, '?tab=refunds')).toEqual({ to: '/m/login', returnTo: '/m/orders?tab=refunds' });
    expect(desktop('/m/profile', false)).toEqual({ to: '/login', returnTo: '/settings/shop' });
  });

  it('sends logged-in users on a login page home', () => {
    expect(desktop('/login')).toEqual({ to: '/' });
    expect(mobile('/m/login')).toEqual({ to: '/m/shop' });
    expect(mobile('/login')).toEqual({ to: '/m/shop' });
    expect(desktop('/m/login')).toEqual({ to: '/' });
  });

  it('lets logged-in users see pages of their device', () => {
    for (const path of ['/', '/dashboard', '/products', '/products/reviews', '/settings/index', '/marketing/vip-activity', '/wallet', '/users']) {
      expect(desktop(path)).toBeNull();
    }
    for (const path of ['/m', '/m/shop', '/m/products/edit/42', '/m/order-detail', '/m/activity-center', '/m/withdraw']) {
      expect(mobile(path)).toBeNull();
    }
  });

  it('sends unknown paths home', () => {
    expect(desktop('/nope')).toEqual({ to: '/' });
    expect(desktop('/products/nope')).toEqual({ to: '/' });
    expect(mobile('/m/nope')).toEqual({ to: '/m/shop' });
    expect(mobile('/m/products/edit')).toEqual({ to: '/m/shop' });
  });

  it('ignores a trailing slash', () => {
    expect(desktop('/orders/')).toBeNull();
    expect(normalizePath('//orders//')).toBe('/orders');
    expect(normalizePath('/')).toBe('/');
  });
});

describe('mobile users on desktop paths', () => {
  it.each([
    ['/dashboard', '/m/shop'],
    ['/products', '/m/products'],
    ['/products/list', '/m/products'],
    ['/products/refunds', '/m/products'],
    ['/orders', '/m/orders'],
    ['/settings', '/m/profile'],
    ['/settings/index', '/m/profile'],
    ['/finance', '/m/finance'],
    ['/marketing', '/m/activity'],
    ['/marketing/vip-activity', '/m/activity'],
  ])('%s → %s', (from, to) => {
    expect(desktopToMobile(from)).toBe(to);
    expect(mobile(from)).toEqual({ to });
  });

  it('keeps the query string', () => {
    expect(mobile('/orders', true, '?tab=refunds&page=2')).toEqual({ to: '/m/orders?tab=refunds&page=2' });
  });

  it('sends other desktop paths to the shop home', () => {
    for (const path of ['/', '/users', '/wallet', '/transactions', '/unknown']) {
      expect(mobile(path)).toEqual({ to: '/m/shop' });
    }
  });
});

describe('desktop users on mobile paths', () => {
  it.each([
    ['/m/shop', '/'],
    ['/m/products', '/products/list'],
    ['/m/products/edit/3', '/products/list'],
    ['/m/orders', '/orders'],
    ['/m/profile', '/settings/shop'],
    ['/m/finance', '/finance'],
  ])('%s → %s', (from, to) => {
    expect(mobileToDesktop(from)).toBe(to);
    expect(desktop(from)).toEqual({ to });
  });

  it('keeps the query string', () => {
    expect(desktop('/m/orders', true, '?tab=refunds')).toEqual({ to: '/orders?tab=refunds' });
  });

  it('sends other mobile paths home', () => {
    for (const path of ['/m', '/m/withdraw', '/m/user-info', '/m/activity', '/m/nope']) {
      expect(desktop(path)).toEqual({ to: '/' });
    }
  });
});

describe('after login', () => {
  it('continues to a known page of the device, else the landing page', () => {
    expect(afterLoginPath('/orders?x=1', false)).toBe('/orders?x=1');
    expect(afterLoginPath('/m/orders', true)).toBe('/m/orders');
    expect(afterLoginPath(undefined, false)).toBe('/dashboard');
    expect(afterLoginPath(undefined, true)).toBe('/m/shop');
    expect(afterLoginPath('/m/orders', false)).toBe('/dashboard');
    expect(afterLoginPath('//evil.example', false)).toBe('/dashboard');
    expect(afterLoginPath('/login', false)).toBe('/dashboard');
  });

  it('knows every route', () => {
    expect(isKnownPath('/marketing/purchase-history')).toBe(true);
    expect(isKnownPath('/m/payment-history')).toBe(true);
    expect(isKnownPath('/m/products/edit/abc')).toBe(true);
    expect(isKnownPath('/m/products/edit/abc/x')).toBe(false);
  });
});
