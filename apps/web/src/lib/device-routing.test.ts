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

  it('leaves unknown paths of the device alone (their page says "not found"), anonymous ones go to login', () => {
    expect(desktop('/nope')).toBeNull();
    expect(desktop('/products/nope')).toBeNull();
    expect(mobile('/m/nope')).toBeNull();
    expect(mobile('/m/products/edit')).toBeNull();
    expect(desktop('/nope', false)).toEqual({ to: '/login' });
    expect(mobile('/m/nope', false)).toEqual({ to: '/m/login' });
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
    ['/orders', '/m/orders'],
    ['/settings', '/m/profile'],
    ['/settings/index', '/m/profile'],
    ['/finance', '/m/finance'],
    ['/marketing', '/m/activity'],
    ['/marketing/activity', '/m/activity'],
  ])('SPEC §2: %s → %s', (from, to) => {
    expect(desktopToMobile(from)).toBe(to);
    expect(mobile(from)).toEqual({ to, switchedFrom: from });
  });

  it.each([
    ['/products/refunds', '/m/orders?tab=refunds'],
    ['/products/warehouse', '/m/warehouse'],
    ['/wallet', '/m/finance'],
    ['/transactions', '/m/transactions'],
    ['/marketing/vip-activity', '/m/vip-activity'],
    ['/marketing/vouchers', '/m/vouchers'],
    ['/marketing/deals', '/m/deals'],
    ['/marketing/purchase-history', '/m/shop-express'],
    ['/users', '/m/users'],
  ])('twin: %s → %s', (from, to) => {
    expect(mobile(from)).toEqual({ to, switchedFrom: from });
  });

  it('keeps the query string', () => {
    expect(mobile('/orders', true, '?tab=refunds&page=2')).toEqual({ to: '/m/orders?tab=refunds&page=2', switchedFrom: '/orders?tab=refunds&page=2' });
    expect(mobile('/products/refunds', true, '?status=refunding')).toEqual({ to: '/m/orders?tab=refunds&status=refunding', switchedFrom: '/products/refunds?status=refunding' });
  });

  it('falls back to SPEC §2\'s section for a page without a twin of its own', () => {
    expect(mobile('/dashboard/health')).toEqual({ to: '/m/shop', switchedFrom: '/dashboard/health' });
  });

  it('sends desktop paths without a twin to the shop home, without their query', () => {
    for (const path of ['/', '/notifications']) {
      expect(mobile(path, true, '?x=1')).toEqual({ to: '/m/shop', switchedFrom: `${path}?x=1` });
    }
    expect(mobile('/unknown')).toEqual({ to: '/m/shop' });
  });

  it('goes back to the page it switched from, and to the twin of an open dialog', () => {
    expect(resolveRoute({ pathname: '/m/finance', search: '', hasToken: true, mobile: false, switchedFrom: '/wallet?x=1' })).toEqual({ to: '/wallet?x=1' });
    expect(resolveRoute({ pathname: '/m/finance', search: '', hasToken: true, mobile: false, switchedFrom: '/m/withdraw' })).toEqual({ to: '/finance', switchedFrom: '/m/finance' });
    expect(resolveRoute({ pathname: '/m/finance', search: '', hasToken: true, mobile: false, switchedFrom: '/nope' })).toEqual({ to: '/finance', switchedFrom: '/m/finance' });
    expect(resolveRoute({ pathname: '/wallet', search: '', hasToken: true, mobile: true, dialogTwin: '/m/withdraw' })).toEqual({ to: '/m/withdraw', switchedFrom: '/wallet' });
    expect(resolveRoute({ pathname: '/wallet', search: '', hasToken: true, mobile: false, dialogTwin: '/m/withdraw' })).toBeNull();
    expect(resolveRoute({ pathname: '/wallet', search: '', hasToken: false, mobile: true, dialogTwin: '/m/withdraw' })).toEqual({ to: '/m/login', returnTo: '/m/finance' });
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
  ])('SPEC §2: %s → %s', (from, to) => {
    expect(mobileToDesktop(from)).toBe(to);
    expect(desktop(from)).toEqual({ to, switchedFrom: from });
  });

  it.each([
    ['/m/withdraw', '/wallet'],
    ['/m/payment-history', '/wallet'],
    ['/m/transactions', '/transactions'],
    ['/m/user-info', '/settings/shop'],
    ['/m/activity', '/marketing/activity'],
    ['/m/vip-activity', '/marketing/vip-activity'],
    ['/m/vouchers', '/marketing/vouchers'],
    ['/m/deals', '/marketing/deals'],
    ['/m/users', '/users'],
  ])('twin: %s → %s', (from, to) => {
    expect(desktop(from)).toEqual({ to, switchedFrom: from });
  });

  it('keeps the query string', () => {
    expect(desktop('/m/orders', true, '?tab=to_purchase')).toEqual({ to: '/orders?tab=to_purchase', switchedFrom: '/m/orders?tab=to_purchase' });
    expect(desktop('/m/orders', true, '?tab=refunds&page=2')).toEqual({ to: '/products/refunds?page=2', switchedFrom: '/m/orders?tab=refunds&page=2' });
    expect(desktop('/m/order-detail', true, '?orderId=A1')).toEqual({ to: '/orders?q=A1', switchedFrom: '/m/order-detail?orderId=A1' });
  });

  it('sends other mobile paths home', () => {
    expect(desktop('/m')).toEqual({ to: '/', switchedFrom: '/m' });
    expect(desktop('/m/nope')).toEqual({ to: '/' });
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

  it('opens the login page\'s own pages with or without a session, on the device it is on, keeping the reset token', () => {
    expect(resolveRoute({ pathname: '/reset-password', search: '', hash: '#token=abc', hasToken: false, mobile: false })).toBeNull();
    expect(resolveRoute({ pathname: '/reset-password', search: '', hash: '#token=abc', hasToken: true, mobile: false })).toBeNull();
    expect(resolveRoute({ pathname: '/reset-password', search: '', hash: '#token=abc', hasToken: false, mobile: true })).toEqual({ to: '/m/reset-password#token=abc' });
    expect(resolveRoute({ pathname: '/m/register', search: '', hasToken: false, mobile: false })).toEqual({ to: '/register' });
    expect(mobile('/m/register', false)).toBeNull();
  });
});
