import { z } from 'zod';
import { timestamp, zId } from './common.ts';
import { userOutput } from './user.ts';

/** Third-party login (moredoc-pro-facts §7): inputs and answers shared by the pages and the procedures. */
export const OAUTH_MESSAGES = {
  codeRequired: 'oauth.code_required',
  unknownType: 'oauth.unknown_type',
  disabled: 'oauth.disabled',
  domainMissing: 'oauth.domain_missing',
  stateInvalid: 'oauth.state_invalid',
  providerFailed: 'oauth.provider_failed',
  sessionInvalid: 'oauth.session_invalid',
  boundToOther: 'oauth.bound_to_other',
  alreadyBoundType: 'oauth.already_bound_type',
  notFound: 'oauth.not_found',
  mpDisabled: 'oauth.mp_disabled',
  sceneExpired: 'oauth.scene_expired',
  shareDisabled: 'oauth.share_disabled',
  shareUrlInvalid: 'oauth.share_url_invalid',
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
  scene: z.string().trim().min(1, 'oauth.scan_sites_mini_program').max(64),
});

/** GET /oauth/wxshare/signature?url= (WeChat JSSDK `wx.config`). */
export const wxShareInput = z.object({ url: z.string().trim().min(1, OAUTH_MESSAGES.shareUrlInvalid).max(2048) });
export const wxShareOutput = z.object({
  appid: z.string(),
  timestamp: z.number().int(),
  noncestr: z.string(),
  signature: z.string(),
});
