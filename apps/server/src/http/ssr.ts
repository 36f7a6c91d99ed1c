import { Category, Friendlink, Navigation, User } from '@wenku/db';
import { type DomainContext, loadSettings, presentPublicUser } from '@wenku/domain';
import { DEFAULT_SITE_TITLE } from '@wenku/shared';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface RenderedPage {
  title: string;
  description?: string;
  /** Static HTML placed inside #root: what crawlers and no-script readers see; React replaces it on load. */
  body: string;
  status?: number;
}

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

/** Title prefixes of pages without content of their own (moredoc-facts §20.3). */
const PREFIXES: [RegExp, string][] = [
  [/^\/admin/, '管理后台 - '],
  [/^\/login/, '用户登录 - '],
  [/^\/register/, '用户注册 - '],
  [/^\/findpassword/, '找回密码 - '],
  [/^\/search/, '文档搜索 - '],
  [/^\/upload/, '文档上传 - '],
  [/^\/404/, '404 - 页面未找到 - '],
];

/**
 * The web app's routes (spec §2), so an unknown path gets a real 404 status while the app shows its not-found page.
 * Keep in step with apps/web/src/routes.
 */
const KNOWN_PATHS: readonly RegExp[] = [
  /^\/$/,
  /^\/404$/,
  /^\/category(\/\d+)?$/,
  /^\/article(\/[\w-]+)?$/,
  /^\/document(\/[\w-]+)?$/,
  /^\/search$/,
  /^\/(login|register|findpassword|findpassword-mobile|joinvip|upload|post|order)$/,
  /^\/oauth(\/[\w-]+)?$/,
  /^\/user\/\d+(\/(article|document))?$/,
  /^\/me(\/(article|document|download|favorite|order|password|profile|vip))?$/,
  /^\/admin(\/[\w-]+){0,2}$/,
];

export const isKnownPath = (path: string) => KNOWN_PATHS.some((re) => re.test(path.replace(/\/+$/, '') || '/'));

/**
 * Server-rendered head and text of public pages (settings group `ssr`): the home page lists the navigation,
 * categories and friend links; a member's page shows their public profile. Documents and articles add their own
 * renderers with their capabilities. Everything else gets its title only.
 */
export async function renderPage(ctx: DomainContext, path: string): Promise<RenderedPage> {
  const s = await loadSettings(ctx);
  const site = s.str('system.sitename') || s.str('system.title') || DEFAULT_SITE_TITLE;
  const home = s.str('system.title') || site;
  const withText = s.bool('ssr.enable', true);

  if (path === '/' || path === '') {
    if (!withText) return { title: home, body: '' };
    const [navs, cats, links] = await Promise.all([
      ctx.em.find(Navigation, { enable: true, parentId: 0 }, { orderBy: { sort: 'desc', id: 'asc' } }),
      ctx.em.find(Category, { enable: true, parentId: 0 }, { orderBy: { type: 'asc', sort: 'desc', title: 'asc' } }),
      ctx.em.find(Friendlink, { enable: true }, { orderBy: { sort: 'desc' } }),
    ]);
    const body = [
      `<header><h1>${escapeHtml(home)}</h1><nav>${navs
        .filter((n) => n.href)
        .map((n) => link(n.href, n.title))
        .join(' ')}</nav></header>`,
      `<main><p>${escapeHtml(s.str('system.description'))}</p><ul>${cats
        .map((c) => `<li>${link(c.type === 0 ? `/category/${c.id}` : `/article?category_id=${c.id}`, c.title)}</li>`)
        .join('')}</ul></main>`,
      `<footer>${links.map((l) => link(l.link, l.title)).join(' ')}</footer>`,
    ].join('');
    return { title: home, description: s.str('system.description'), body };
  }

  const user = /^\/user\/(\d+)(?:\/|$)/.exec(path);
  if (user) {
    const u = await ctx.em.findOne(User, { id: Number(user[1]), status: 0 });
    if (!u) return { title: `404 - 页面未找到 - ${site}`, body: '', status: 404 };
    const p = presentPublicUser(u);
    const body = withText ? `<main><h1>${escapeHtml(p.username)}</h1><p>${escapeHtml(p.signature)}</p></main>` : '';
    return { title: `[个人主页] ${p.username} - ${site}`, description: p.signature, body };
  }

  if (path === '/404' || !isKnownPath(path)) return { title: `404 - 页面未找到 - ${site}`, body: '', status: 404 };
  const prefix = PREFIXES.find(([re]) => re.test(path));
  return { title: `${prefix ? prefix[1] : ''}${site}`, body: '' };
}
