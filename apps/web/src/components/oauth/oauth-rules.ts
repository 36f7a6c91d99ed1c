import { OauthType, ScanStatus } from '@wenku/shared';

/** The WeChat in-app browser (moredoc-pro-facts §2.2, §7.2): its user agent contains `micromessenger`. */
export function isWechatBrowser(ua: string | undefined = typeof navigator === 'undefined' ? '' : navigator.userAgent) {
  return /micromessenger/i.test(ua ?? '');
}

interface ProviderLike {
  type: number;
  enable: boolean;
}

/**
 * Which login buttons to show (moredoc-pro-facts §7.2): enabled providers only; the official account (8) only inside
 * WeChat, where the web QR login (2) cannot work and is hidden instead.
 */
export function visibleProviders<T extends ProviderLike>(configs: readonly T[], inWechat: boolean): T[] {
  return configs.filter((c) => {
    if (!c.enable) return false;
    if (c.type === OauthType.OfficialAccount) return inWechat;
    if (c.type === OauthType.Wechat) return !inWechat;
    return true;
  });
}

/** The `/oauth/{type}` segment as a provider type, or null when unknown (`未知授权类型`). */
export function oauthTypeFromParam(param: string, configs?: readonly { type: number; key: string }[]): number | null {
  const p = param.trim().toLowerCase();
  const known = configs?.find((c) => c.key === p || String(c.type) === p);
  if (known) return known.type;
  const byName: Record<string, number> = {
    qq: OauthType.QQ,
    wechat: OauthType.Wechat,
    gitee: OauthType.Gitee,
    github: OauthType.Github,
    wechatmp: OauthType.Wechatmp,
    custom: OauthType.Custom,
    google: OauthType.Google,
    officialaccount: OauthType.OfficialAccount,
  };
  if (p in byName) return byName[p] ?? null;
  const n = Number(p);
  return Number.isInteger(n) && Object.values(OauthType).includes(n as never) ? n : null;
}

/**
 * Inside WeChat, WeChat pay needs an snsapi_base code first (moredoc-pro-facts §2.2): the page goes through WeChat's
 * OAuth and comes back to itself with `?code=`. Null when a code is already there or the rule does not apply.
 */
export function wechatPayAuthorizeUrl(opts: {
  inWechat: boolean;
  wechatPay: boolean;
  code: string | null | undefined;
  appid: string;
  origin: string;
  orderNo: string;
}): string | null {
  if (!opts.inWechat || !opts.wechatPay || opts.code || !opts.appid) return null;
  const back = `${opts.origin}/order?order_no=${opts.orderNo}`;
  return (
    'https://open.weixin.qq.com/connect/oauth2/authorize' +
    `?appid=${encodeURIComponent(opts.appid)}&redirect_uri=${encodeURIComponent(back)}` +
    '&response_type=code&scope=snsapi_base&state=state#wechat_redirect'
  );
}

/** Scan login polling (moredoc-pro-facts §7.6): whether to keep asking. */
export function shouldPoll(status: number | null, expiresAt: number, now: number): boolean {
  if (status === ScanStatus.Confirmed || status === ScanStatus.Used || status === ScanStatus.Expired) return false;
  return now < expiresAt;
}
