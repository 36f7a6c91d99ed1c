/** Enumerations of spec §3, as `as const` objects carrying the spec's numeric values. */

export const AccountStatus = { Normal: 0, Disabled: 1, Pending: 2, Rejected: 3, Ignored: 4 } as const;
export type AccountStatus = (typeof AccountStatus)[keyof typeof AccountStatus];

export const AttachmentType = {
  Unknown: 0,
  Avatar: 1,
  Document: 2,
  Article: 3,
  Comment: 4,
  Banner: 5,
  CategoryCover: 6,
  Config: 7,
  CrawlerDocument: 8,
} as const;
export type AttachmentType = (typeof AttachmentType)[keyof typeof AttachmentType];

export const DocumentStatus = {
  Pending: 0,
  Converting: 1,
  Converted: 2,
  Failed: 3,
  Disabled: 4,
  Reconvert: 5,
  PendingReview: 6,
  ReviewRejected: 7,
} as const;
export type DocumentStatus = (typeof DocumentStatus)[keyof typeof DocumentStatus];

/** spec §3 article status. */
export const ArticleStatus = { Pending: 0, Approved: 1, Rejected: 2 } as const;
export type ArticleStatus = (typeof ArticleStatus)[keyof typeof ArticleStatus];

export const BannerType = { Website: 0, MiniProgram: 1, App: 2 } as const;
export type BannerType = (typeof BannerType)[keyof typeof BannerType];

export const ReportReason = {
  SpamAds: 1,
  Obscene: 2,
  FakePrize: 3,
  SensitiveInfo: 4,
  PersonalAttack: 5,
  Harassment: 6,
} as const;

export const OrderStatus = { Pending: 1, Paid: 2, Closed: 3 } as const;
export const OrderType = { BuyDocument: 1, BuyVip: 2, Recharge: 3 } as const;
export const PaymentMethod = {
  Wechat: 1,
  Alipay: 2,
  BankCard: 3,
  Cash: 4,
  Points: 5,
  SystemRecharge: 6,
  Other: 7,
  Aggregated: 8,
  DownloadCode: 9,
  AdPayment: 10,
} as const;

export const PunishmentType = {
  DisableAccount: 1,
  NoComment: 2,
  NoUpload: 3,
  NoDownload: 4,
  NoFavorite: 5,
  NoArticle: 6,
} as const;

export const VipCardKind = { Yearly: 0, Quarterly: 1, Monthly: 2 } as const;

export const SmsPurpose = { Register: 0, Login: 1, FindPassword: 2 } as const;
export const SmsStatus = { Sending: 0, Success: 1, Failed: 2 } as const;
export const SMS_PROVIDERS = ['smsAliyun', 'smsTencent', 'smsBaidu', 'smsHuawei', 'smsHaomas'] as const;

/** moredoc-pro-facts §7.1 provider types. */
export const OauthType = {
  QQ: 1,
  Wechat: 2,
  Gitee: 3,
  Github: 4,
  Wechatmp: 5,
  Custom: 6,
  Google: 7,
  OfficialAccount: 8,
} as const;
/** The `/oauth/{key}` path segment of each provider (moredoc-pro-facts §0.7) and its settings group. */
export const OAUTH_PROVIDERS = [
  { type: OauthType.QQ, key: 'qq', group: 'oauthQQ' },
  { type: OauthType.Wechat, key: 'wechat', group: 'oauthWechat' },
  { type: OauthType.Gitee, key: 'gitee', group: 'oauthGitee' },
  { type: OauthType.Github, key: 'github', group: 'oauthGithub' },
  { type: OauthType.Custom, key: 'custom', group: 'oauthCustom' },
  { type: OauthType.Google, key: 'google', group: 'oauthGoogle' },
  { type: OauthType.OfficialAccount, key: 'officialaccount', group: 'oauthOfficialAccount' },
] as const;
export type OauthProviderKey = (typeof OAUTH_PROVIDERS)[number]['key'];
/** Mini-program scan login states; the browser never sees Used (3): a used or expired code reads Expired (4). */
export const ScanStatus = { Waiting: 0, Scanned: 1, Confirmed: 2, Used: 3, Expired: 4 } as const;

export const CrawlerLinkStatus = { Pending: 0, Crawling: 1, Done: 2, Failed: 3 } as const;
export const CrawlerDocumentStatus = {
  PendingDownload: 0,
  DownloadQueue: 1,
  Downloading: 2,
  DownloadSuccess: 3,
  DownloadFailed: 4,
  PublishQueue: 5,
  Publishing: 6,
  PublishSuccess: 7,
  PublishFailed: 8,
} as const;

export const ContentKind = { Document: 0, Article: 1 } as const;
export type ContentKind = (typeof ContentKind)[keyof typeof ContentKind];

export const CategoryType = ContentKind;
export type CategoryType = ContentKind;

export const ReviewStatus = { Pending: 0, Approved: 1, Rejected: 2 } as const;

export const PermissionMethod = ['GET', 'POST', 'PUT', 'DELETE', 'GRPC'] as const;
export type PermissionMethod = (typeof PermissionMethod)[number];

/** Advertisement positions by page group (spec §3). */
export const AD_POSITIONS = {
  global: ['global_top', 'global_bottom'],
  index: ['index_banner_bottom', 'index_category_top', 'index_category_bottom', 'index_link_top'],
  list: ['list_nav_bottom', 'list_document_top', 'list_document_bottom'],
  document: ['document_top', 'document_bottom', 'document_between'],
  user: ['user_top', 'user_document_top'],
  search: ['search_top', 'search_bottom', 'search_right'],
} as const;
export type AdPosition = (typeof AD_POSITIONS)[keyof typeof AD_POSITIONS][number];
export const ALL_AD_POSITIONS: readonly AdPosition[] = Object.values(AD_POSITIONS).flat();
