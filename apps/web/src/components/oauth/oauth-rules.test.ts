import { OauthType } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import {
  isWechatBrowser,
  oauthTypeFromParam,
  shouldPoll,
  visibleProviders,
  wechatPayAuthorizeUrl,
} from './oauth-rules';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.40';
const all = [
  { type: OauthType.QQ, key: 'qq', enable: true },
  { type: OauthType.Wechat, key: 'wechat', enable: true },
  { type: OauthType.Gitee, key: 'gitee', enable: false },
  { type: OauthType.Custom, key: 'custom', enable: true },
  { type: OauthType.OfficialAccount, key: 'officialaccount', enable: true },
  { type: OauthType.Wechatmp, key: 'wechatmp', enable: true },
];

describe('oauth rules', () => {
  it('recognises the WeChat browser', () => {
    expect(isWechatBrowser(WECHAT_UA)).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/120')).toBe(false);
    expect(isWechatBrowser('')).toBe(false);
  });

  it('shows enabled providers; the official account only inside WeChat, the web QR WeChat only outside', () => {
    expect(visibleProviders(all, false).map((p) => p.key)).toEqual(['qq', 'wechat', 'custom', 'wechatmp']);
    expect(visibleProviders(all, true).map((p) => p.key)).toEqual(['qq', 'custom', 'officialaccount', 'wechatmp']);
  });

  it('maps the callback segment to a provider type', () => {
    expect(oauthTypeFromParam('custom')).toBe(OauthType.Custom);
    expect(oauthTypeFromParam('GitHub')).toBe(OauthType.Github);
    expect(oauthTypeFromParam('7')).toBe(OauthType.Google);
    expect(oauthTypeFromParam('nope')).toBeNull();
    expect(oauthTypeFromParam('99')).toBeNull();
  });

  it('sends WeChat pay inside WeChat through snsapi_base once, back to the order page', () => {
    const base = { inWechat: true, wechatPay: true, code: '', appid: 'wx123', origin: 'https://a.b', orderNo: '42' };
    expect(wechatPayAuthorizeUrl(base)).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx123&redirect_uri=' +
        encodeURIComponent('https://a.b/order?order_no=42') +
        '&response_type=code&scope=snsapi_base&state=state#wechat_redirect',
    );
    expect(wechatPayAuthorizeUrl({ ...base, code: 'c' })).toBeNull();
    expect(wechatPayAuthorizeUrl({ ...base, inWechat: false })).toBeNull();
    expect(wechatPayAuthorizeUrl({ ...base, wechatPay: false })).toBeNull();
    expect(wechatPayAuthorizeUrl({ ...base, appid: '' })).toBeNull();
  });

  it('polls the scan status until signed in, expired or past the deadline', () => {
    expect(shouldPoll(null, 2000, 1000)).toBe(true);
    expect(shouldPoll(0, 2000, 1000)).toBe(true);
    expect(shouldPoll(1, 2000, 1000)).toBe(true);
    expect(shouldPoll(2, 2000, 1000)).toBe(false);
    expect(shouldPoll(4, 2000, 1000)).toBe(false);
    expect(shouldPoll(0, 2000, 2000)).toBe(false);
  });
});
