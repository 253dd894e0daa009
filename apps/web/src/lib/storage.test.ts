// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearStorage, getPreference, getSession, hasToken, saveSession, setPreference } from './storage.ts';

const session = { token: 't1', shopId: 10, shopName: 'Demo Shop', shopLogo: '/logo.png', userId: 4 };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('storage', () => {
  it('keeps a remembered session in localStorage under the SPEC §3 keys', () => {
    saveSession(session, true);
    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('shopId')).toBe('10');
    expect(localStorage.getItem('shopName')).toBe('Demo Shop');
    expect(localStorage.getItem('shopLogo')).toBe('/logo.png');
    expect(localStorage.getItem('userId')).toBe('4');
    expect(sessionStorage.length).toBe(0);
    expect(getSession()).toEqual({ token: 't1', shopId: '10', shopName: 'Demo Shop', shopLogo: '/logo.png', userId: '4' });
  });

  it('keeps an unremembered session in sessionStorage and drops an older remembered one', () => {
    saveSession(session, true);
    saveSession({ ...session, token: 't2' }, false);
    expect(sessionStorage.getItem('token')).toBe('t2');
    expect(localStorage.getItem('token')).toBeNull();
    expect(hasToken()).toBe(true);
  });

  it('clears the session from both storages but keeps the language', () => {
    setPreference('language', 'vi-VN');
    saveSession(session, true);
    sessionStorage.setItem('token', 'stray');
    clearStorage();
    expect(hasToken()).toBe(false);
    expect(localStorage.getItem('shopName')).toBeNull();
    expect(getPreference('language')).toBe('vi-VN');
  });
});
