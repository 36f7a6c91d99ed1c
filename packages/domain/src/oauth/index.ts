export {
  beginOauth,
  decodePendingAuthorization,
  deleteUserOauth,
  encodePendingAuthorization,
  listUserOauth,
  OAUTH_COOKIE,
  OAUTH_COOKIE_SECONDS,
  oauthBind,
  oauthConfigs,
  oauthLogin,
  type PendingAuthorization,
} from './oauth.service.ts';
export { type OauthProfile, profileFromClaims } from './providers.ts';
export {
  officialAccountOpenid,
  SCAN_TTL_SECONDS,
  scanCode,
  scanLoginStatus,
  verifyOfficialAccountServer,
  wechatmpLogin,
  wechatmpScanLogin,
  wxShareSignature,
} from './wechat.service.ts';
export { clearWechatTokenCache, jssdkSignature, officialAccountSignature } from './wechat-api.ts';
