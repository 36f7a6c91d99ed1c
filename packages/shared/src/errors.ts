/** The one error type of the product (ARCHITECTURE.md rule 5): a closed code set with a human message. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'FEATURE_DISABLED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  FEATURE_DISABLED: 403,
  INTERNAL: 500,
};

export interface FieldIssue {
  field: string;
  message: string;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldIssue[];

  constructor(code: ErrorCode, message: string, fields?: FieldIssue[]) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.fields = fields;
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

/** Server messages reused verbatim from moredoc (moredoc-facts §23) so old clients show the same texts. */
export const MESSAGES = {
  unauthenticated: '您未登录或您的登录已过期，请重新登录或刷新页面重试',
  forbidden: (title: string) => `您没有权限访问【${title}】`,
  badCredentials: '用户名或密码错误',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误',
  registerClosed: '系统未开放注册',
  siteClosedRegister: '网站已关闭，暂时不允许注册',
  siteClosed: '网站已关闭',
  loginRequired: '请先登录',
  usernameExists: '用户名已存在',
  emailExists: '邮箱已存在',
  noDefaultGroup: '请联系管理员设置系统默认用户组',
  usernameLooksPrivate: '出于隐私保护，用户名不能是邮箱或手机号码',
  emailFormat: '邮箱格式不正确',
  oldPasswordWrong: '原密码不正确',
  userNotFound: '用户不存在',
  accountDisabled: '您的账号已被禁用',
  accountPending: '您的账号正在审核中，请耐心等待',
  accountRejected: '您的账号审核未通过',
  notAllowedEditOthers: '您没有权限更改他人信息',
  categoryExists: '分类名称已存在',
  atLeastOneDefaultGroup: '至少要有一个默认用户组',
  groupInUse: '默认分组以及分组下存在用户的组不能删除',
  languageCodeExists: '语言代码已存在',
  groupRequired: '用户组不能为空',
  userHasContent: '用户存在文档或文章，不允许删除',
  passwordWrong: '密码错误',
  configCategoryLocked: '不允许修改此类配置！',
  attachmentNoDelete: '附件不允许直接删除。附件由系统直接管理，会随着相应数据的删除而自动删除。',
  onlyRoot: '只有用户ID为1的用户才有权限执行此操作！',
  // Nobody hands out or takes over more than they hold (docs/decisions.md, Security: administrators).
  groupAboveActor: '该角色拥有您没有的权限，您不能授予、修改或删除它',
  userAboveActor: '该用户拥有您没有的权限，您不能管理该用户',
  permissionAboveActor: '您不能授予自己没有的权限',
  defaultGroupHoldsNoPermission: '默认用户组不能拥有权限：每个新注册的用户都会加入它',
  selfPunishment: '不能处罚自己或更改自己的处罚',
  imageOnly: '请上传图片格式文件，支持.jpg、.jpeg、.png、.gif、.webp、.bmp和.ico格式图片',
  sitemapDomainMissing: '网站域名未设置，无法生成站点地图，请在【基础配置】中设置网站域名',
  unsupportedCaptchaType: '不支持的验证码类型',
  captchaAudioDisabled: '语音验证码未开启',
  captchaAudioUnavailable: '语音验证码暂不可用，请使用图片验证码',
  captchaAudioBusy: '语音验证码请求过多，请稍后再试',
  captchaAudioTooFrequent: '获取语音验证码过于频繁，请稍后再试',
  tooManyLogins: (seconds: number) => `登录尝试过于频繁，请 ${seconds} 秒后再试`,
  captchaTooManyWrong: (seconds: number) => `验证码错误次数过多，请 ${seconds} 秒后再试`,
  tooManyRegistrations: (minutes: number) => `该网络注册账号过于频繁，请 ${minutes} 分钟后再试`,
  badCharacters: '输入内容包含不允许的字符（如空字符），请删除后重试',
  fixedNavigation: '系统内置导航不能删除',
  notFound: '您访问的页面或数据不存在',
  mailDisabled: '邮件服务未启用，请联系管理员',
  mailSendFailed: '邮件发送失败，请稍后再试',
  testMailFailed: (reason: string) => `配置已保存，但测试邮件发送失败：${reason}`,
  sendTooFrequent: (seconds: number) => `发送太频繁，请 ${seconds} 秒后再试`,
  emailCodeRequired: '请输入邮箱验证码',
  emailCodeWrong: '邮箱验证码错误',
  emailCodeExpired: '邮箱验证码已过期',
  emailVerifyDisabled: '系统未开启注册邮箱验证',
  findPasswordLinkInvalid: '找回密码链接无效或已过期，请重新找回密码',
  bodyTooLarge: '上传的内容过大',
  documentTooLarge: (mb: number) => `文档大小不能超过 ${mb} MB`,
  /** security.disable_upload_exist_document (moredoc-pro-facts §2.7 words the client's warning the same way). */
  documentExists: (name: string) => `文档《${name}》已存在，禁止重复上传`,
  /** The same setting refuses near-identical content once the text is known (issue 18: text fingerprint). */
  documentNearDuplicate: (title: string, similarity: number) =>
    `与已有文档《${title}》内容几乎相同（相似度 ${similarity}%），禁止重复上传`,
  fileProofRequired: '秒传需要先校验文件，请上传文件',
  fileProofFailed: '文件校验未通过，请上传文件',
  fileNotInLibrary: '文库中没有这个文件',
  tooManyFileProofs: '文件校验过于频繁，请稍后再试',
  tooManyUnfinishedUploads: '未完成的上传过多，请先完成或取消之前的上传',
} as const;
