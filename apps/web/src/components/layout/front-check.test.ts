import { describe, expect, it } from 'vitest';
import { canBrowse, type FrontCheckInput, frontCheckRedirect, loginHref, safeRedirect } from './front-check';

const base: FrontCheckInput = {
  pathname: '/',
  href: '/',
  userId: null,
  hasPermissions: false,
  loginRequired: false,
  isClose: false,
};
const at = (href: string, more: Partial<FrontCheckInput> = {}) =>
  frontCheckRedirect({ ...base, pathname: href.split('?')[0] ?? href, href, ...more });

describe('front-check (spec §4, §6)', () => {
  it('lets anyone browse an open site', () => {
    expect(at('/')).toBeNull();
    expect(at('/category/1')).toBeNull();
    expect(at('/login')).toBeNull();
  });

  it('sends anonymous visitors to login when login is required, except on the login pages', () => {
    const r = { loginRequired: true };
    expect(at('/category/1?page=2', r)).toBe('/login?redirect=%2Fcategory%2F1%3Fpage%3D2');
    expect(at('/', r)).toBe('/login');
    for (const p of ['/login', '/register', '/findpassword', '/findpassword-mobile', '/oauth/qq', '/oauth']) {
      expect(at(p, r)).toBeNull();
    }
    expect(at('/category', { ...r, userId: 5 })).toBeNull();
  });

  it('shows only the login page of a closed site to visitors and members without permissions', () => {
    const closed = { isClose: true };
    expect(at('/register', closed)).toBe('/login');
    expect(at('/category', closed)).toBe('/login?redirect=%2Fcategory');
    expect(at('/login', closed)).toBeNull();
    expect(at('/oauth/github', closed)).toBeNull();
    expect(at('/findpassword', closed)).toBe('/login?redirect=%2Ffindpassword');
    expect(at('/me', { ...closed, userId: 5 })).toBe('/login?redirect=%2Fme');
    // They stay on /login instead of bouncing to their home page.
    expect(at('/login', { ...closed, userId: 5 })).toBeNull();
    // Administrators use a closed site normally.
    expect(at('/category', { ...closed, userId: 1, hasPermissions: true })).toBeNull();
    expect(at('/login', { ...closed, userId: 1, hasPermissions: true })).toBe('/user/1');
  });

  it('sends signed-in visitors away from login and register to their home page', () => {
    expect(at('/login', { userId: 7 })).toBe('/user/7');
    expect(at('/register?redirect=/x', { userId: 7 })).toBe('/user/7');
  });

  it('requires login for the member area', () => {
    expect(at('/me')).toBe('/login?redirect=%2Fme');
    expect(at('/me/profile')).toBe('/login?redirect=%2Fme%2Fprofile');
    expect(at('/me/password', { userId: 3 })).toBeNull();
    expect(at('/members')).toBeNull();
  });

  it('builds login links without pointless redirects', () => {
    expect(loginHref()).toBe('/login');
    expect(loginHref('/login?redirect=/x')).toBe('/login');
    expect(loginHref('/document/1')).toBe('/login?redirect=%2Fdocument%2F1');
  });

  it('follows only in-site redirects', () => {
    expect(safeRedirect('/me/profile?x=1', '/me')).toBe('/me/profile?x=1');
    expect(safeRedirect('https://evil.example', '/me')).toBe('/me');
    expect(safeRedirect('//evil.example', '/me')).toBe('/me');
    expect(safeRedirect('/\\evil.example', '/me')).toBe('/me');
    expect(safeRedirect('/login', '/me')).toBe('/me');
    expect(safeRedirect(undefined, '/')).toBe('/');
  });

  it('knows when the catalogue is closed to the visitor', () => {
    expect(canBrowse(base)).toBe(true);
    expect(canBrowse({ ...base, loginRequired: true })).toBe(false);
    expect(canBrowse({ ...base, loginRequired: true, userId: 2 })).toBe(true);
    expect(canBrowse({ ...base, isClose: true, userId: 2 })).toBe(false);
    expect(canBrowse({ ...base, isClose: true, userId: 1, hasPermissions: true })).toBe(true);
  });
});
