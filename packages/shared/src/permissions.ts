import { ALWAYS_ALLOWED_ADMIN_PAGES } from './constants.ts';
import type { PermissionMethod } from './enums/index.ts';
import { type PermissionIdentity, permissionIdentity, servicePath } from './permission-identity.ts';

export { type PermissionIdentity, permissionIdentity, serviceIdentity } from './permission-identity.ts';

/**
 * The one permission catalogue (ARCHITECTURE.md rule 6). Identities follow moredoc (moredoc-facts §7.4) so data and
 * clients carry over: API procedures are `GRPC /api.v1.<Service>/<Name>`, plain HTTP endpoints their method and path.
 * The catalogue seeds the `permission` table, gates every permission procedure, derives `allowPages` and the admin menu.
 */
const SERVICES = {
  AdvertisementAPI: {
    CreateAdvertisement: '添加广告',
    DeleteAdvertisement: '删除广告',
    GetAdvertisement: '获取广告内容',
    ListAdvertisement: '获取广告列表',
    UpdateAdvertisement: '更新广告',
  },
  ArticleAPI: {
    CheckArticles: '批量审批文章',
    CreateArticle: '后台创建文章',
    DeleteArticle: '删除文章',
    DeleteRecycleArticle: '删除回收站文章',
    EmptyRecycleArticle: '清空回收站文章',
    GetArticle: '查阅所有状态文章',
    ListArticle: '查询文章列表',
    ListRecycleArticle: '查询回收站文章列表',
    RecommendArticles: '推荐文章',
    RestoreRecycleArticle: '从回收站恢复文章',
    SetArticlesCategory: '文章批量分类',
    UpdateArticle: '更新文章/单页',
    UpdateArticleIndexes: '更新文章全文索引',
  },
  AttachmentAPI: {
    GetAttachment: '根据ID查询附件',
    ListAttachment: '查看附件列表',
    UpdateAttachment: '更新附件信息',
    DeleteAttachment: '删除附件',
  },
  BannerAPI: {
    CreateBanner: '创建轮播图',
    DeleteBanner: '删除轮播图',
    GetBanner: '根据ID查询轮播图',
    ListBanner: '获取轮播图列表',
    UpdateBanner: '更新轮播图',
  },
  CategoryAPI: {
    CreateCategory: '新增文档分类',
    DeleteCategory: '删除文档分类',
    GetCategory: '根据ID查询文档分类',
    ListCategory: '查询文档分类列表',
    UpdateCategory: '更新文档分类',
  },
  CommentAPI: {
    CheckComment: '批量审核评论',
    DeleteComment: '删除评论',
    GetComment: '获取单个评论',
    ListComment: '获取评论列表',
    UpdateComment: '更新评论',
  },
  ConfigAPI: {
    GetDeviceInfo: '查看服务器硬件信息',
    GetEnvs: '获取环境依赖检测',
    GetStats: '查看系统信息',
    ListConfig: '获取系统配置列表',
    UpdateConfig: '更新系统配置',
    UpdateSitemap: '更新站点地图sitemap',
    RenewDocumentIndex: '重建文档全文索引',
    GetWechatPayCert: '获取微信支付平台证书',
  },
  DocumentAPI: {
    CheckDocument: '文档审核',
    DeleteDocument: '删除文档',
    DownloadDocumentToBeReviewed: '下载待审文档',
    GetDocument: '根据ID查询文档',
    ListDocument: '获取文档列表',
    SetDocumentRecommend: '推荐文档',
    SetDocumentReconvert: '一键重转失败文档',
    SetDocumentsCategory: '批量修改文档分类',
    SetDocumentsLanguage: '批量设置文档语言',
    SetDocumentsVIP: '批量设置VIP文档',
    UpdateDocument: '更新文档',
    UpdateDocumentIndexes: '更新文档全文索引',
  },
  RecycleAPI: {
    ClearRecycleDocument: '清空回收站文档',
    DeleteRecycleDocument: '删除回收站文档',
    ListRecycleDocument: '获取回收站文档列表',
    RecoverRecycleDocument: '恢复回收站文档',
  },
  FriendlinkAPI: {
    CreateFriendlink: '创建友链',
    DeleteFriendlink: '删除友链',
    GetFriendlink: '根据ID查询友链',
    ListFriendlink: '查看友链列表',
    UpdateFriendlink: '更新友链',
  },
  GroupAPI: {
    CreateGroup: '创建用户组',
    DeleteGroup: '删除用户组',
    GetGroup: '根据ID查询用户组',
    GetGroupPermission: '获取用户组授权',
    ListGroup: '获取用户组列表',
    UpdateGroup: '更新用户组',
    UpdateGroupPermission: '给用户组授权',
  },
  LanguageAPI: {
    CreateLanguage: '新增语言',
    DeleteLanguage: '删除语言',
    ListLanguage: '语言管理',
    UpdateLanguage: '更新语言',
    UpdateLanguageStatus: '更新语言状态',
  },
  NavigationAPI: {
    CreateNavigation: '新增导航',
    DeleteNavigation: '删除导航',
    GetNavigation: '根据ID查询导航',
    ListNavigation: '查看导航列表',
    UpdateNavigation: '编辑导航',
  },
  OrderAPI: {
    ListOrder: '查看订单列表',
    SystemRecharge: '后台给用户充值积分',
    CreateDownloadCode: '生成下载码',
    ListDownloadCode: '查看下载码列表',
    DeleteDownloadCode: '删除下载码',
  },
  PermissionAPI: {
    GetPermission: '根据ID查询权限',
    ListPermission: '获取权限列表',
    UpdatePermission: '更新权限信息',
  },
  PunishmentAPI: {
    CancelPunishment: '取消用户处罚',
    CreatePunishment: '添加用户处罚',
    GetPunishment: '获取单个处罚信息',
    ListPunishment: '获取用户处罚列表',
    UpdatePunishment: '更新用户处罚',
  },
  ReportAPI: {
    DeleteReport: '删除举报内容',
    ListReport: '查询举报列表',
    UpdateReport: '处理举报内容',
  },
  SearchRecordAPI: {
    DeleteSearchRecord: '删除搜索记录',
    ListSearchRecord: '获取搜索记录列表',
  },
  UserVipAPI: {
    ListUserVip: '查看会员列表',
  },
  SmsAPI: {
    ListSms: '查看短信列表',
    GetSms: '查看短信详情',
  },
  SpiderUrlAPI: {
    CreateSpiderUrl: '新增采集链接',
    DeleteSpiderUrl: '删除采集链接',
    GetSpiderUrl: '查询采集链接',
    ListSpiderUrl: '查看采集链接列表',
    UpdateSpiderUrl: '更新采集链接',
  },
  SpiderDocumentAPI: {
    BatchUpdateSpiderDocument: '批量更新采集文档（下载、发布）',
    DeleteSpiderDocument: '删除采集文档',
    GetSpiderDocument: '查询采集文档',
    ListSpiderDocument: '查看采集文档列表',
    UpdateSpiderDocument: '更新采集文档',
  },
  UserAPI: {
    AddUser: '新增用户',
    DeleteUser: '删除用户',
    GetUser: '根据ID查询用户',
    ListUser: '查看用户列表',
    SetUser: '设置用户密码与分组',
    UpdateUserProfile: '更新用户资料',
  },
} as const satisfies Record<string, Record<string, string>>;

const HTTP = {
  'upload.article': { method: 'POST', path: '/api/v1/upload/article', title: '上传文章图片和音视频' },
  'upload.avatar': { method: 'POST', path: '/api/v1/upload/avatar', title: '更新头像' },
  'upload.banner': { method: 'POST', path: '/api/v1/upload/banner', title: '上传轮播图' },
  'upload.category': { method: 'POST', path: '/api/v1/upload/category', title: '上传文档分类封面' },
  'upload.config': { method: 'POST', path: '/api/v1/upload/config', title: '上传配置图片文件' },
} as const satisfies Record<string, { method: PermissionMethod; path: string; title: string }>;

export type ServiceKey = {
  [S in keyof typeof SERVICES]: `${S & string}.${keyof (typeof SERVICES)[S] & string}`;
}[keyof typeof SERVICES];

export type PermissionKey = ServiceKey | keyof typeof HTTP;

export interface PermissionDef {
  key: PermissionKey;
  method: PermissionMethod;
  path: string;
  title: string;
  /** Area used to group the picker in the role editor: the service, or the path segment after /api/v1/. */
  area: string;
}

export const PERMISSIONS: readonly PermissionDef[] = [
  ...Object.entries(SERVICES).flatMap(([service, names]) =>
    Object.entries(names).map(
      ([name, title]): PermissionDef => ({
        key: `${service}.${name}` as PermissionKey,
        method: 'GRPC',
        path: servicePath(service, name),
        title,
        area: `api.v1.${service}`,
      }),
    ),
  ),
  ...Object.entries(HTTP).map(
    ([key, p]): PermissionDef => ({
      key: key as PermissionKey,
      method: p.method,
      path: p.path,
      title: p.title,
      area: p.path.split('/')[3] ?? 'http',
    }),
  ),
];

const BY_KEY = new Map(PERMISSIONS.map((p) => [p.key, p]));

export function getPermission(key: PermissionKey): PermissionDef {
  const p = BY_KEY.get(key);
  if (!p) throw new Error(`unknown permission ${key}`);
  return p;
}

const IDENTITY_BY_KEY = new Map(PERMISSIONS.map((p) => [p.key, permissionIdentity(p)]));

/** The identity of a catalogue permission, by key. */
export function identityOf(key: PermissionKey): PermissionIdentity {
  const identity = IDENTITY_BY_KEY.get(key);
  if (!identity) throw new Error(`unknown permission ${key}`);
  return identity;
}

/**
 * Permission areas and the admin pages each unlocks when the user holds the area's list permission
 * (spec §6, moredoc-pro-facts §11.1). Areas whose capability is not built yet carry the issue that adds them.
 */
export const ADMIN_PAGE_AREAS: readonly { area: string; label: string; list: string; pages: readonly string[] }[] = [
  {
    area: 'api.v1.DocumentAPI',
    label: '文档管理',
    list: 'GRPC /api.v1.DocumentAPI/ListDocument',
    pages: ['/admin/document', '/admin/document/list'],
  },
  {
    area: 'api.v1.RecycleAPI',
    label: '回收站管理',
    list: 'GRPC /api.v1.RecycleAPI/ListRecycleDocument',
    pages: ['/admin/document', '/admin/document/recycle'],
  },
  {
    area: 'api.v1.SearchRecordAPI',
    label: '搜索记录管理',
    list: 'GRPC /api.v1.SearchRecordAPI/ListSearchRecord',
    pages: ['/admin/document', '/admin/document/searchrecord'],
  },
  {
    area: 'api.v1.LanguageAPI',
    label: '语言管理',
    list: 'GRPC /api.v1.LanguageAPI/ListLanguage',
    pages: ['/admin/document', '/admin/document/language'],
  },
  {
    area: 'api.v1.CategoryAPI',
    label: '分类管理',
    list: 'GRPC /api.v1.CategoryAPI/ListCategory',
    pages: ['/admin/document', '/admin/document/category', '/admin/article', '/admin/article/category'],
  },
  {
    area: 'api.v1.UserAPI',
    label: '用户管理',
    list: 'GRPC /api.v1.UserAPI/ListUser',
    pages: ['/admin/user', '/admin/user/list'],
  },
  {
    area: 'api.v1.FriendlinkAPI',
    label: '友链管理',
    list: 'GRPC /api.v1.FriendlinkAPI/ListFriendlink',
    pages: ['/admin/friendlink'],
  },
  {
    area: 'api.v1.AttachmentAPI',
    label: '附件管理',
    list: 'GRPC /api.v1.AttachmentAPI/ListAttachment',
    pages: ['/admin/attachment'],
  },
  {
    area: 'api.v1.ReportAPI',
    label: '举报管理',
    list: 'GRPC /api.v1.ReportAPI/ListReport',
    pages: ['/admin/biz', '/admin/report'],
  },
  {
    area: 'api.v1.UserVipAPI',
    label: '会员管理',
    list: 'GRPC /api.v1.UserVipAPI/ListUserVip',
    pages: ['/admin/user', '/admin/user/vip'],
  },
  {
    area: 'api.v1.OrderAPI',
    label: '订单管理',
    list: 'GRPC /api.v1.OrderAPI/ListOrder',
    pages: ['/admin/biz', '/admin/order'],
  },
  {
    area: 'api.v1.BannerAPI',
    label: '轮播图管理',
    list: 'GRPC /api.v1.BannerAPI/ListBanner',
    pages: ['/admin/banner'],
  },
  {
    area: 'api.v1.GroupAPI',
    label: '角色管理',
    list: 'GRPC /api.v1.GroupAPI/ListGroup',
    pages: ['/admin/user', '/admin/user/group'],
  },
  {
    area: 'api.v1.NavigationAPI',
    label: '导航管理',
    list: 'GRPC /api.v1.NavigationAPI/ListNavigation',
    pages: ['/admin/navigation'],
  },
  {
    area: 'api.v1.PermissionAPI',
    label: '权限管理',
    list: 'GRPC /api.v1.PermissionAPI/ListPermission',
    pages: ['/admin/user', '/admin/user/permission'],
  },
  {
    area: 'api.v1.AdvertisementAPI',
    label: '广告管理',
    list: 'GRPC /api.v1.AdvertisementAPI/ListAdvertisement',
    pages: ['/admin/biz', '/admin/advertisement'],
  },
  {
    area: 'api.v1.ConfigAPI',
    label: '系统设置',
    list: 'GRPC /api.v1.ConfigAPI/ListConfig',
    pages: [
      '/admin/config',
      ...[
        'system',
        'display',
        'footer',
        'security',
        'converter',
        'download',
        'score',
        'ssr',
        'email',
        'captcha',
        'pay',
        'search',
        'vip',
        'miniprogram',
        'oauth',
        'sms',
      ].map((g) => `/admin/config/${g}`),
    ],
  },
  {
    area: 'api.v1.ArticleAPI',
    label: '文章管理',
    list: 'GRPC /api.v1.ArticleAPI/ListArticle',
    pages: ['/admin/article', '/admin/article/set', '/admin/article/list', '/admin/article/recycle'],
  },
  {
    area: 'api.v1.CommentAPI',
    label: '评论管理',
    list: 'GRPC /api.v1.CommentAPI/ListComment',
    pages: ['/admin/biz', '/admin/comment'],
  },
  {
    area: 'api.v1.SpiderUrlAPI',
    label: '采集链接管理',
    list: 'GRPC /api.v1.SpiderUrlAPI/ListSpiderUrl',
    pages: ['/admin/spider', '/admin/spider/url'],
  },
  {
    area: 'api.v1.SpiderDocumentAPI',
    label: '采集文档管理',
    list: 'GRPC /api.v1.SpiderDocumentAPI/ListSpiderDocument',
    pages: ['/admin/spider', '/admin/spider/document'],
  },
  {
    area: 'api.v1.PunishmentAPI',
    label: '惩罚管理',
    list: 'GRPC /api.v1.PunishmentAPI/ListPunishment',
    pages: ['/admin/user', '/admin/user/punishment'],
  },
  {
    area: 'api.v1.SmsAPI',
    label: '短信管理',
    list: 'GRPC /api.v1.SmsAPI/ListSms',
    pages: ['/admin/user', '/admin/user/sms'],
  },
];

/** Area labels for the role editor's permission picker, including the HTTP `upload` area. */
export const PERMISSION_AREA_LABELS: Record<string, string> = {
  ...Object.fromEntries(ADMIN_PAGE_AREAS.map((a) => [a.area, a.label])),
  upload: '上传管理',
};

/**
 * Admin pages a user may open, from the identities (`METHOD path`) of the permissions they hold (spec §6).
 * An empty result means no back-office access at all; otherwise the always-allowed pages are included.
 */
export function allowedAdminPages(heldIdentities: Iterable<string>): string[] {
  const held = new Set(heldIdentities);
  const pages = new Set<string>();
  for (const area of ADMIN_PAGE_AREAS) {
    if (held.has(area.list)) for (const p of area.pages) pages.add(p);
  }
  if (pages.size === 0 && held.size === 0) return [];
  for (const p of ALWAYS_ALLOWED_ADMIN_PAGES) pages.add(p);
  return [...pages].sort();
}

/** Whether a path may be opened by a holder of `allowPages` (exact page or the path's own page entry). */
export function isAdminPathAllowed(path: string, allowPages: readonly string[]): boolean {
  const clean = path.replace(/\/+$/, '') || '/';
  return allowPages.includes(clean);
}

export interface AdminMenuItem {
  path: string;
  label: string;
  icon?: string;
  /** Always shown, whatever the user's pages (spec §2: a dashboard item is always shown). */
  public?: boolean;
  children?: AdminMenuItem[];
}

/** The admin menu (moredoc-pro-facts §11.2 order); filtered by allowPages in the layout. */
export const ADMIN_MENU: readonly AdminMenuItem[] = [
  { path: '/admin/dashboard', label: '面板', icon: 'gauge', public: true },
  {
    path: '/admin/document',
    label: '文档管理',
    icon: 'files',
    children: [
      { path: '/admin/document/category', label: '文档分类' },
      { path: '/admin/document/list', label: '文档列表' },
      { path: '/admin/document/language', label: '语言管理' },
      { path: '/admin/document/searchrecord', label: '搜索记录' },
      { path: '/admin/document/recycle', label: '回收站' },
    ],
  },
  {
    path: '/admin/article',
    label: '文章管理',
    icon: 'newspaper',
    children: [
      { path: '/admin/article/category', label: '文章分类' },
      { path: '/admin/article/list', label: '文章列表' },
      { path: '/admin/article/set', label: '单页管理' },
      { path: '/admin/article/recycle', label: '回收站' },
    ],
  },
  {
    path: '/admin/user',
    label: '用户管理',
    icon: 'users',
    children: [
      { path: '/admin/user/list', label: '用户管理' },
      { path: '/admin/user/group', label: '角色管理' },
      { path: '/admin/user/permission', label: '权限管理' },
      { path: '/admin/user/punishment', label: '处罚管理' },
      { path: '/admin/user/vip', label: '会员管理' },
      { path: '/admin/user/sms', label: '短信管理' },
    ],
  },
  {
    path: '/admin/spider',
    label: '爬虫管理',
    icon: 'bug',
    children: [
      { path: '/admin/spider/url', label: '链接采集' },
      { path: '/admin/spider/document', label: '文档采集' },
    ],
  },
  {
    path: '/admin/biz',
    label: '运营管理',
    icon: 'briefcase',
    children: [
      { path: '/admin/report', label: '举报管理' },
      { path: '/admin/comment', label: '评论管理' },
      { path: '/admin/advertisement', label: '广告管理' },
      { path: '/admin/order', label: '订单管理' },
    ],
  },
  { path: '/admin/banner', label: '轮播图管理', icon: 'images' },
  { path: '/admin/navigation', label: '导航管理', icon: 'navigation' },
  { path: '/admin/friendlink', label: '友链管理', icon: 'link' },
  { path: '/admin/attachment', label: '附件管理', icon: 'paperclip' },
  {
    path: '/admin/config',
    label: '系统设置',
    icon: 'settings',
    children: [
      { path: '/admin/config/system', label: '基础配置' },
      { path: '/admin/config/display', label: '展示配置' },
      { path: '/admin/config/footer', label: '底链配置' },
      { path: '/admin/config/security', label: '安全配置' },
      { path: '/admin/config/captcha', label: '验证码配置' },
      { path: '/admin/config/converter', label: '转换配置' },
      { path: '/admin/config/download', label: '下载配置' },
      { path: '/admin/config/score', label: '积分配置' },
      { path: '/admin/config/email', label: '邮箱配置' },
      { path: '/admin/config/sms', label: '短信配置' },
      { path: '/admin/config/pay', label: '支付配置' },
      { path: '/admin/config/vip', label: 'VIP配置' },
      { path: '/admin/config/search', label: '全文搜索配置' },
      { path: '/admin/config/oauth', label: 'Oauth配置' },
      { path: '/admin/config/miniprogram', label: '小程序配置' },
      { path: '/admin/config/ssr', label: 'SSR配置' },
    ],
  },
];

/** The menu as a user with `allowPages` sees it: groups show only with at least one allowed child. */
export function visibleAdminMenu(allowPages: readonly string[]): AdminMenuItem[] {
  const allowed = new Set(allowPages);
  const out: AdminMenuItem[] = [];
  for (const item of ADMIN_MENU) {
    if (item.children) {
      const children = item.children.filter((c) => allowed.has(c.path));
      if (children.length > 0) out.push({ ...item, children });
    } else if (item.public || allowed.has(item.path)) {
      out.push(item);
    }
  }
  return out;
}
