import { afterEach, describe, expect, it } from 'vitest';
import { redirectAfterOauth } from '@/components/oauth/use-oauth-sign-in';
import { session } from './session';

describe('redirect after a third-party login (spec §3, §4)', () => {
  afterEach(() => session.clear());

  it('is /me until a page is remembered', () => {
    expect(session.get().redirectAfterOauth).toBe('/me');
    expect(redirectAfterOauth()).toBe('/me');
  });

  it('remembers the page the login started from, and keeps it across a reload (local storage)', () => {
    session.setRedirectAfterOauth('/document/42?page=3');
    expect(redirectAfterOauth()).toBe('/document/42?page=3');
    expect(localStorage.length).toBeGreaterThan(0);
    expect(Object.values({ ...localStorage }).join('')).toContain('/document/42?page=3');
  });

  it('never remembers a path that starts with /oauth', () => {
    session.setRedirectAfterOauth('/article/hello');
    session.setRedirectAfterOauth('/oauth/github?code=1&state=2');
    session.setRedirectAfterOauth('/oauthx');
    expect(redirectAfterOauth()).toBe('/article/hello');
  });

  it('does not leave the site, even with a stored value someone planted', () => {
    session.setRedirectAfterOauth('//evil.example/phish');
    expect(redirectAfterOauth()).toBe('/me');
  });
});
