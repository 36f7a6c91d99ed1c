import i18n from '@/i18n';
import { englishPermissionTitle } from './permission-text';

/**
 * Messages from the server and the shared zod schemas come in Chinese (the spec's and moredoc's wording). For
 * English readers they are looked up here: fixed texts in `EN`, texts built around a value in `PATTERNS`. Unknown
 * messages show as they are.
 */
const EN: Record<string, string> = {
  // Shared schemas (packages/shared/src/schemas): user forms.
  请输入您的登录用户名: 'Please enter your login username',
  '用户名长度在 3 到 32 个字符': 'Usernames are 3 to 32 characters long',
  请输入您的登录密码: 'Please enter your password',
  密码长度不能小于6位: 'Passwords are at least 6 characters long',
  密码长度不能超过64位: 'Passwords are at most 64 characters long',
  请输入正确的邮箱地址: 'Please enter a correct e-mail address',
  '请输入您的邮箱地址，以便忘记密码时找回': 'Please enter your e-mail address, used to recover a forgotten password',
  请输入您的旧密码: 'Please enter your current password',
  请输入您的新密码: 'Please enter your new password',
  请再次输入您的新密码: 'Please enter your new password again',
  两次输入的密码不一致: 'The two passwords are inconsistent',
  请输入正确的手机号码: 'Please enter a correct mobile number',
  请输入正确的身份证号码: 'Please enter a correct ID number',
  用户组不能为空: 'Choose at least one role',
  请选择用户: 'Please choose the users',
  // Shared schemas: back-office forms.
  请输入角色名称: 'Please enter the role name',
  请输入权限名称: 'Please enter the permission name',
  请输入名称: 'Please enter a name',
  请输入分类名称: 'Please enter the category name',
  颜色格式不正确: 'The colour is not valid',
  请输入链接地址: 'Please enter the link',
  '链接地址必须以 http:// 或 https:// 开头': 'The link must start with http:// or https://',
  '链接地址必须以 http://、https:// 或 / 开头': 'The link must start with http://, https:// or /',
  请上传轮播图: 'Please upload the banner image',
  广告位不存在: 'The ad position does not exist',
  时间格式不正确: 'The time is not valid',
  请输入语言名称: 'Please enter the language name',
  请输入语言代码: 'Please enter the language code',
  '语言代码格式不正确，例如 zh-CN': 'The language code is not valid, e.g. zh-CN',
  请选择语言: 'Please choose the languages',
  请选择要操作的数据: 'Please choose the items to act on',
  没有需要更新的配置: 'There are no settings to update',
  请输入附件名称: 'Please enter the attachment name',
  请选择要排序的分类: 'Please choose the categories to sort',
  分类不能重复: 'A category is listed more than once',
  // Shared schemas: documents.
  请输入文档标题: 'Please enter the document title',
  文档标题不能超过255个字符: 'Document titles are at most 255 characters long',
  价格不能小于0: 'The price cannot be negative',
  价格过高: 'The price is too high',
  文件哈希格式不正确: 'The file hash is not valid',
  文档文件参数attachment_id不正确: 'The document file (attachment_id) is not valid',
  请选择要上传的文档: 'Please choose the documents to upload',
  一次最多上传100个文档: 'At most 100 documents can be uploaded at once',
  请选择文档: 'Please choose the documents',
  审核状态不正确: 'The review status is not valid',
  文档ID和分类ID均不能为空: 'Both the documents and the categories are required',
  文档ID不能为空: 'The document ID is required',
  评分不正确: 'The rating is not valid',

  // Shared schemas: orders, payments and VIP.
  请输入充值数量: 'Please enter how many credits to buy',
  充值数量必须是大于0的整数: 'The amount must be a whole number above 0',
  订单号不能为空: 'The order number is missing',
  '每次充值，限 1 ~ 100w ，以免充值失误': 'Each top-up is 1 to 1,000,000, to avoid mistakes',
  请输入充值备注: 'Please enter a remark for the top-up',
  请输入您的下载码: 'Please enter your download code',
  订单类型不正确: 'The order type is not valid',
  请选择支付方式: 'Please choose a payment method',
  请选择要操作的文档: 'Please choose the documents',
  '数量为1~1000': 'The number is 1 to 1000',
  // Server messages of orders, payments, sign-in and VIP.
  今日已签到: 'Already signed in today',
  订单不存在: 'The order does not exist',
  '订单已关闭，请重新下单': 'The order is closed; please order again',
  '订单已支付，无法关闭': 'The order is paid and cannot be closed',
  只能删除已关闭的订单: 'Only closed orders can be deleted',
  充值订单不支持积分支付: 'A recharge cannot be paid with credits',
  下载码无效或已被使用: 'The download code is invalid or already used',
  下载码只能用于购买文档: 'Download codes only buy documents',
  下载码支付未开启: 'Download codes are turned off',
  该支付方式未开启: 'This payment method is turned off',
  VIP功能未开启: 'VIP is turned off',
  积分充值功能未开启: 'Buying credits is turned off',
  '您还不是VIP会员，请先开通VIP': 'You are not a VIP member yet; join VIP first',
  该文档不是VIP文档: 'This is not a VIP document',
  您的VIP专享免费下载次数已用完: 'Your VIP free downloads are used up',
  没有权限给用户充值: 'You may not top up members',
  充值成功: 'Topped up',
  该文档可免费下载: 'This document is free to download',
  您已购买过该文档: 'You have bought this document',
  订单创建成功: 'Order created',
  // Server messages (packages/shared/src/errors.ts MESSAGES).
  '您未登录或您的登录已过期，请重新登录或刷新页面重试':
    'You are not signed in or your session has expired; please sign in again or reload the page',
  用户名或密码错误: 'Incorrect username or password',
  请输入验证码: 'Please enter the captcha',
  验证码错误: 'Incorrect captcha',
  系统未开放注册: 'Registration is not open',
  '网站已关闭，暂时不允许注册': 'The site is closed; registration is not possible for now',
  网站已关闭: 'The site is closed',
  请先登录: 'Please sign in first',
  用户名已存在: 'The username is already taken',
  邮箱已存在: 'The e-mail address is already in use',
  请联系管理员设置系统默认用户组: 'Please ask the administrator to set a default role',
  '出于隐私保护，用户名不能是邮箱或手机号码':
    'To protect your privacy, the username cannot be an e-mail address or a mobile number',
  邮箱格式不正确: 'The e-mail address is not valid',
  原密码不正确: 'The current password is incorrect',
  用户不存在: 'The user does not exist',
  您的账号已被禁用: 'Your account has been disabled',
  '您的账号正在审核中，请耐心等待': 'Your account is awaiting review; please be patient',
  您的账号审核未通过: 'Your account was not approved',
  您没有权限更改他人信息: 'You may not change other people’s details',
  分类名称已存在: 'A category with this name already exists',
  至少要有一个默认用户组: 'There must be at least one default role',
  默认分组以及分组下存在用户的组不能删除: 'The default role and roles that have users cannot be deleted',
  语言代码已存在: 'The language code already exists',
  '用户存在文档或文章，不允许删除': 'The user has documents or articles and cannot be deleted',
  密码错误: 'Incorrect password',
  '不允许修改此类配置！': 'These settings cannot be changed!',
  '附件不允许直接删除。附件由系统直接管理，会随着相应数据的删除而自动删除。':
    'Attachments cannot be deleted directly: the system manages them and deletes them with the data they belong to.',
  '只有用户ID为1的用户才有权限执行此操作！': 'Only the user with ID 1 may do this!',
  '请上传图片格式文件，支持.jpg、.jpeg、.png、.gif、.webp、.bmp和.ico格式图片':
    'Please upload an image: .jpg, .jpeg, .png, .gif, .webp, .bmp and .ico are supported',
  不支持的验证码类型: 'Unsupported captcha type',
  系统内置导航不能删除: 'Built-in navigation items cannot be deleted',
  您访问的页面或数据不存在: 'The page or data you requested does not exist',

  // Other server messages the back office meets (domain services, HTTP handlers).
  '服务器内部错误，请稍后再试': 'Internal server error, please try again later',
  参数错误: 'Invalid parameters',
  上传的内容过大: 'The upload is too large',
  请求格式不正确: 'The request is malformed',
  请选择要上传的文件: 'Please choose a file to upload',
  上传成功: 'Uploaded',
  图片大小不能超过10MB: 'Images may not be larger than 10 MB',
  '文件已被标记为非法文件，禁止上传': 'This file has been marked as illegal and cannot be uploaded',
  附件不存在: 'The attachment does not exist',
  ID错误: 'Invalid ID',
  手机号码已被占用: 'The mobile number is already in use',
  '邮箱已设置，不能修改': 'The e-mail address is already set and cannot be changed',
  '手机号码已设置，不能修改': 'The mobile number is already set and cannot be changed',
  用户组不存在: 'The role does not exist',
  不能禁用超级管理员: 'The super administrator cannot be disabled',
  不能禁用自己的账号: 'You cannot disable your own account',
  超级管理员不能被删除: 'The super administrator cannot be deleted',
  不能删除自己: 'You cannot delete yourself',
  权限不存在: 'The permission does not exist',
  '邮件服务未启用，请联系管理员': 'The e-mail service is not enabled; please contact the administrator',
  不能把导航设置为自己的子级: 'A navigation item cannot be its own child',
  上级导航不存在: 'The parent navigation item does not exist',
  不能把导航移动到它自己的子级下: 'A navigation item cannot move under one of its own children',
  结束时间不能早于开始时间: 'The end time cannot be earlier than the start time',
  上级分类不存在: 'The parent category does not exist',
  上级分类的类型不一致: 'The parent category is of another type',
  不能把分类移动到它自己或它的子分类下: 'A category cannot move under itself or one of its subcategories',
  分类名称不能超过64个字符: 'Category names are at most 64 characters long',
  分类不存在: 'The category does not exist',
  '分类已变化，请刷新后重试': 'The categories have changed; please reload and try again',
  请输入文章标题: 'Please enter the article title',
  文章标题不能超过255个字符: 'Article titles are at most 255 characters long',
  '文章标识只能包含字母、数字、下划线和短横线，且不超过64个字符':
    'Article identifiers may only contain letters, digits, underscores and hyphens, at most 64 characters',
  文章内容过长: 'The article is too long',
  封面地址不正确: 'Invalid cover address',
  关键词不能超过255个字符: 'Keywords are at most 255 characters long',
  摘要不能超过1024个字符: 'Descriptions are at most 1024 characters long',
  请指定文章: 'Please specify an article',
  请选择文章: 'Please select articles',
  您没有权限发布文章: 'You may not publish articles',
  文章标识符已存在: 'This article identifier already exists',
  您没有权限修改此文章: 'You may not edit this article',
  文章不存在或没有权限查看: 'The article does not exist or you may not view it',
  您没有权限删除指定文章: 'You may not delete these articles',
  相关文章不存在: 'No related articles',
  文章不存在: 'The article does not exist',
  类型不正确: 'Invalid type',
  日期格式不正确: 'Invalid date',
  统计范围不能超过一年: 'The range may not exceed one year',
  文档参数不正确: 'Invalid document',
  请选择举报原因: 'Please choose a reason',
  处理备注不能超过1024个字符: 'Remarks are at most 1024 characters long',
  结束时间格式不正确: 'Invalid end time',
  请选择处罚类型: 'Please select punishment types',
  处罚原因不能超过1024个字符: 'Reasons are at most 1024 characters long',
  备注不能超过1024个字符: 'Remarks are at most 1024 characters long',
  您已举报过当前文档: 'You have already reported this document',
  您已举报过当前文章: 'You have already reported this article',
  举报不存在: 'The report does not exist',
  处罚记录不存在: 'The punishment does not exist',
  评论内容不能为空: 'Please enter a comment',
  评论内容不能超过5000个字符: 'Comments are at most 5000 characters long',
  请选择评论: 'Please select comments',
  您已经收藏过了: 'You have already added this to your favourites',
  收藏不存在: 'The favourite does not exist',
  您所在用户组不允许评论: 'Your user group may not comment',
  回复的评论不存在: 'The comment you reply to does not exist',
  评论不存在: 'The comment does not exist',
  评论不存在或没有权限删除: 'The comment does not exist or you may not delete it',
  搜索关键词不能超过100个字符: 'Search keywords are at most 100 characters long',
  搜索类型不正确: 'Invalid search type',
  请输入要查找的内容: 'Please enter what to find',
  查找内容不能超过100个字符: 'What to find is at most 100 characters long',
  搜索记录不存在: 'The search record does not exist',
  不支持的文档类型: 'Unsupported document type',
  不支持的版本检测来源: 'Unsupported release source',
  '请输入以 http:// 或 https:// 开头的检测地址': 'Please enter a check URL starting with http:// or https://',
  '您未指定新版本检测来源，无法获取最新版本更新！': 'No release source is set, so new versions cannot be checked!',
  返回的数据中没有版本号: 'the answer has no version number',
  '只有管理员才有权限执行此操作！': 'Only administrators may do this!',
  角色名称已存在: 'A role with this name already exists',
  导航不存在: 'The navigation item does not exist',
  页面不存在: 'The page does not exist',
  封面不存在: 'The cover does not exist',
  站点地图不存在: 'The sitemap does not exist',
  文档不存在: 'The document does not exist',
  文档不存在或没有权限: 'The document does not exist or you may not access it',
  文档不存在或没有删除权限: 'The document does not exist or you may not delete it',
  只有管理员才能启用或禁用文档: 'Only administrators can enable or disable documents',
  只能启用或禁用文档: 'Documents can only be enabled or disabled here',
  没有权限上传文档: 'You may not upload documents',
  文件内容与扩展名不符: 'The file content does not match its extension',
  您已经评分过了: 'You have already rated this document',
  下载链接已失效: 'The download link has expired',
  '付费文档，请先登录再下载': 'This document is paid for; please sign in to download it',
};

/** Names quoted in a message (【…】): a setting's label, say, which the caller may know in English. */
export type NameTranslator = (name: string) => string;

/** Messages built around a value; `name` translates what the message quotes. */
const PATTERNS: [RegExp, (m: RegExpExecArray, name: NameTranslator) => string][] = [
  [/^您没有权限访问【(.+)】$/, (m) => `You do not have the permission “${englishPermissionTitle(m[1] ?? '')}”`],
  [/^您的评论太快了，请等待 (\d+) 秒后再试$/, (m) => `You are commenting too fast, please wait ${m[1]} seconds`],
  [
    /^(您的账号已被禁用|您已被禁止评论|您已被禁止上传文档|您已被禁止下载文档|您已被禁止使用收藏功能|您已被禁止发布文章)(?:，原因：(.*?))?(?:，解除时间：(.+)|（永久）)$/,
    (m) => {
      const what: Record<string, string> = {
        您的账号已被禁用: 'Your account has been disabled',
        您已被禁止评论: 'You may not comment',
        您已被禁止上传文档: 'You may not upload documents',
        您已被禁止下载文档: 'You may not download documents',
        您已被禁止使用收藏功能: 'You may not use favourites',
        您已被禁止发布文章: 'You may not publish articles',
      };
      return `${what[m[1] ?? ''] ?? m[1]}${m[2] ? ` (reason: ${m[2]})` : ''}${m[3] ? ` until ${m[3]}` : ' permanently'}`;
    },
  ],
  [/^登录尝试过于频繁，请 (\d+) 秒后再试$/, (m) => `Too many sign-in attempts, please try again in ${m[1]} seconds`],
  [/^【(.+)】必须是整数$/, (m, name) => `“${name(m[1] ?? '')}” must be a whole number`],
  [/^【(.+)】只能是 true 或 false$/, (m, name) => `“${name(m[1] ?? '')}” can only be true or false`],
  [/^【(.+)】的值不在可选范围内$/, (m, name) => `The value of “${name(m[1] ?? '')}” is not one of its options`],
  [
    /^【(.+)】的值 (.+) 不在可选范围内$/,
    (m, name) => `The value ${m[2]} of “${name(m[1] ?? '')}” is not one of its options`,
  ],
  [/^【(.+)】内容过长$/, (m, name) => `“${name(m[1] ?? '')}” is too long`],
  [/^配置项 (.+) 不存在$/, (m) => `The setting ${m[1]} does not exist`],
  [
    /^分类【(.+)】下存在文档或文章，不能删除$/,
    (m) => `The category “${m[1]}” holds documents or articles and cannot be deleted`,
  ],
  [/^文档大小不能超过 (\d+) MB$/, (m) => `Documents may not be larger than ${m[1]} MB`],
  [/^您的账户今日下载次数已达上限\((\d+)\)$/, (m) => `Your account has reached today’s download limit (${m[1]})`],
  [/^您所在IP今日下载次数已达上限\((\d+)\)$/, (m) => `Your IP address has reached today’s download limit (${m[1]})`],
  // The credit name is the site's own (魔豆 by default).
  [/^(.+)不足，无法下载$/, (m) => `Not enough ${m[1]} to download`],
  [/^检测新版本失败：(.*)$/s, (m) => `Checking for a new version failed: ${translate(m[1] ?? '', (n) => n)}`],
  // A schema refusal reported by the server: `field: message`.
  [/^([\w.]+): (.+)$/s, (m, name) => `${m[1]}: ${translate(m[2] ?? '', name)}`],
];

function translate(message: string, name: NameTranslator): string {
  const fixed = EN[message];
  if (fixed) return fixed;
  for (const [pattern, build] of PATTERNS) {
    const m = pattern.exec(message);
    if (m) return build(m, name);
  }
  return message;
}

/** The message for the current language: English readers get the translation when there is one. */
export function localizeMessage(message: string, name?: NameTranslator): string;
export function localizeMessage(message: string | undefined, name?: NameTranslator): string | undefined;
export function localizeMessage(message: string | undefined, name: NameTranslator = (n) => n): string | undefined {
  if (!message || i18n.language !== 'en') return message;
  return translate(message, name);
}
