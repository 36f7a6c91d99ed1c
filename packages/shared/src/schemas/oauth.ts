import { z } from 'zod';
import { timestamp, zId } from './common.ts';
import { userOutput } from './user.ts';

/** Third-party login (moredoc-pro-facts §7): inputs and answers shared by the pages and the procedures. */
export const OAUTH_MESSAGES = {
  codeRequired: 'code不能为空',
  unknownType: '未知授权类型',
  disabled: '该登录方式未开启',
  domainMissing: '网站域名未配置，无法使用第三方登录',
  stateInvalid: '授权已失效或来源不明，请重新发起登录',
  providerFailed: '第三方登录失败',
  sessionInvalid: '绑定信息已过期，请重新登录第三方帐号',
  boundToOther: '该第三方帐号已绑定其他帐号',
  alreadyBoundType: '您已绑定过该类型的第三方帐号，请先解绑',
  notFound: '绑定记录不存在',
  mpDisabled: '小程序登录未开启',
  sceneExpired: '登录码已过期，请刷新网页后重新扫码',
  shareDisabled: '微信公众号未配置',
  shareUrlInvalid: '分享链接不属于本站',
} as const;

const code = z
  .string({ error: OAUTH_MESSAGES.codeRequired })
  .trim()
  .min(1, OAUTH_MESSAGES.codeRequired)
  .max(512, OAUTH_MESSAGES.codeRequired);
const oauthType = z.coerce.number({ error: OAUTH_MESSAGES.unknownType }).int(OAUTH_MESSAGES.unknownType);

/** One provider as the login buttons need it; never a secret (GET /oauth/configs). */
export const oauthConfigOutput = z.object({
  type: z.number().int(),
  key: z.string(),
  name: z.string(),
  icon: z.string(),
  enable: z.boolean(),
  client_id: z.string(),
  redirect_url: z.string(),
  /** Custom provider only (moredoc-pro-facts §7.2). */
  authorize_url: z.string().optional(),
  /** Where the login button sends the browser: the server keeps state and PKCE, then redirects to the provider. */
  login_url: z.string(),
});
export const oauthConfigsOutput = z.object({ oauths: z.array(oauthConfigOutput) });
export type OauthConfigDTO = z.infer<typeof oauthConfigOutput>;

/** POST /oauth/login: the code and state the provider sent back to `/oauth/{type}`. */
export const oauthLoginInput = z.object({
  code,
  oauth_type: z.union([oauthType, z.string().trim().min(1, OAUTH_MESSAGES.unknownType)]),
  state: z.string().trim().max(256).optional().default(''),
});
export type OauthLoginInput = z.infer<typeof oauthLoginInput>;

/** A verified identity not bound to a member yet, and the signed `session` that lets its holder bind it. */
export const pendingOauthOutput = z.object({
  id: z.number().int(),
  oauth_type: z.number().int(),
  openid: z.string(),
  session: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  username: z.string(),
  email: z.string(),
});
export type PendingOauthDTO = z.infer<typeof pendingOauthOutput>;

/** Either signed in (`token`, `user`) or asked to bind (`oauth`) (moredoc-pro-facts §1 answer shapes). */
export const oauthLoginOutput = z.object({
  token: z.string().optional(),
  user: userOutput.optional(),
  oauth: pendingOauthOutput.optional(),
});
export type OauthLoginDTO = z.infer<typeof oauthLoginOutput>;

export const oauthBindInput = z.object({
  openid: z.string().trim().min(1, OAUTH_MESSAGES.sessionInvalid).max(128),
  oauth_type: oauthType,
  session: z.string().trim().min(1, OAUTH_MESSAGES.sessionInvalid).max(2048),
});
export type OauthBindInput = z.infer<typeof oauthBindInput>;

export const userOauthOutput = z.object({
  id: z.number().int(),
  oauth_type: z.number().int(),
  avatar: z.string(),
  username: z.string(),
  nickname: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export const userOauthListOutput = z.object({ oauth: z.array(userOauthOutput) });
export const userOauthDeleteInput = z.object({ id: zId });

/** GET /oauth/wechatmp/scan/code. */
export const scanCodeOutput = z.object({
  qrcode: z.string(),
  scene: z.string(),
  /** The poller's secret: only this browser holds it, the QR code does not carry it. */
  ticket: z.string(),
  expires_at: timestamp,
});
export const scanStatusInput = z.object({
  scene: z.string().trim().min(1, OAUTH_MESSAGES.sceneExpired).max(64),
  ticket: z.string().trim().min(1, OAUTH_MESSAGES.sceneExpired).max(128),
});
export const scanStatusOutput = z.object({
  /** 0 waiting, 1 scanned (binding in the mini-program), 2 signed in (token present), 4 expired. */
  status: z.number().int(),
  token: z.string().optional(),
  user: userOutput.optional(),
});
export type ScanStatusDTO = z.infer<typeof scanStatusOutput>;

/** The mini-program's calls: `wx.login` code, optional encrypted profile, and the scanned scene. */
export const wechatmpLoginInput = z.object({
  code,
  iv: z.string().max(64).optional().default(''),
  encrypted_data: z.string().max(8192).optional().default(''),
});
export const wechatmpScanLoginInput = wechatmpLoginInput.extend({
  scene: z.string().trim().min(1, '请扫描网站小程序登录码').max(64),
});

/** GET /oauth/wxshare/signature?url= (WeChat JSSDK `wx.config`). */
export const wxShareInput = z.object({ url: z.string().trim().min(1, OAUTH_MESSAGES.shareUrlInvalid).max(2048) });
export const wxShareOutput = z.object({
  appid: z.string(),
  timestamp: z.number().int(),
  noncestr: z.string(),
  signature: z.string(),
});
