/** How settings rows are typed and grouped into the 16 admin config pages of spec §2. */
export const CONFIG_INPUT_TYPES = [
  'text',
  'textarea',
  'number',
  'switch',
  'select',
  'select-multi',
  'image',
  'password',
  'color',
] as const;
export type ConfigInputType = (typeof CONFIG_INPUT_TYPES)[number];

/** A settings row as seeded: value is the default, always text (moredoc-facts §4). */
export interface ConfigDef {
  category: string;
  name: string;
  label: string;
  /** Default value, as text: numbers as digits, switches 'true'/'false', select-multi comma-separated. */
  value: string;
  placeholder?: string;
  inputType: ConfigInputType;
  /** One `key:label` per line, for select and select-multi. */
  options?: string;
  isSecret?: boolean;
  /** Form grid width out of 24. */
  colNum?: number;
}

/** Admin page `/admin/config/{page}` → the config categories it edits (tabs when more than one). */
export const CONFIG_PAGES = {
  system: { label: '基础配置', categories: ['system'] },
  display: { label: '展示配置', categories: ['display'] },
  footer: { label: '底链配置', categories: ['footer'] },
  security: { label: '安全配置', categories: ['security'] },
  captcha: { label: '验证码配置', categories: ['captcha'] },
  converter: { label: '转换配置', categories: ['converter'] },
  download: { label: '下载配置', categories: ['download'] },
  score: { label: '积分配置', categories: ['score'] },
  email: { label: '邮箱配置', categories: ['email'] },
  sms: { label: '短信配置', categories: ['sms', 'smsAliyun', 'smsTencent', 'smsBaidu', 'smsHuawei', 'smsHaomas'] },
  pay: { label: '支付配置', categories: ['wechatpay', 'alipay', 'xunhupay'] },
  vip: { label: 'VIP配置', categories: ['vip'] },
  search: { label: '全文搜索配置', categories: ['fulltext_search'] },
  oauth: {
    label: 'Oauth配置',
    categories: [
      'oauthWechat',
      'oauthOfficialAccount',
      'oauthQQ',
      'oauthGoogle',
      'oauthGithub',
      'oauthGitee',
      'oauthCustom',
    ],
  },
  miniprogram: { label: '小程序配置', categories: ['mp'] },
  ssr: { label: 'SSR配置', categories: ['ssr'] },
} as const satisfies Record<string, { label: string; categories: readonly string[] }>;
export type ConfigPage = keyof typeof CONFIG_PAGES;

/** Categories that PUT /config may never write (moredoc-facts §4.10). */
export const LOCKED_CONFIG_CATEGORIES = ['release', 'internal'] as const;

/** Parses a stored text value by its input type (moredoc-facts §4 mechanics). */
export function parseConfigValue(inputType: string, value: string): string | number | boolean | string[] {
  switch (inputType) {
    case 'number': {
      const n = Number.parseInt(value, 10);
      return Number.isFinite(n) ? n : 0;
    }
    case 'switch':
      return value === 'true';
    case 'select-multi':
      return value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return value;
  }
}

/**
 * Settings whose value the site writes into an href (footer links, the float bar's contact link): empty, an http(s)
 * address or a site path, checked on save (issue 15 item 6).
 */
export const LINK_CONFIG_KEYS: readonly string[] = [
  'footer.about',
  'footer.contact',
  'footer.agreement',
  'footer.copyright',
  'footer.feedback',
  'display.contact_link',
];

/**
 * Settings the pages show as HTML (components/layout/simple-html.tsx): sanitized with the settings allow-list
 * (html/allow-list.ts `SETTINGS_HTML`) when saved, and filtered again with the same list when shown.
 */
export const HTML_CONFIG_KEYS: readonly string[] = [
  'display.copyright_statement',
  'security.close_statement',
  'display.wechat_tip',
  'download.code_tip',
];
