import { Article, Category, Document, DocumentCategory, Friendlink, Navigation, User } from '@wenku/db';
import { type DomainContext, escapeHtml } from '@wenku/domain';
import { htmlToText } from '@wenku/domain/articles';
import { loadSettings, type Settings } from '@wenku/domain/settings';
import { presentPublicUser } from '@wenku/domain/users';
import { ArticleStatus, DEFAULT_SITE_TITLE, DocumentStatus, safeHref } from '@wenku/shared';

export { escapeHtml };

export interface RenderedPage {
  title: string;
  description?: string;
  keywords?: string;
  /** Path of the canonical URL (made absolute with the site's domain). */
  canonical?: string;
  /** OpenGraph type and image (absolute or site path). */
  og?: { type: 'website' | 'article' | 'profile'; image?: string };
  /** JSON-LD objects for search engines. */
  jsonLd?: object[];
  /** Static HTML placed inside #root: what crawlers and no-script readers see; React replaces it on load. */
  body: string;
  /** The document's own text (its first 3,000 characters), for readers and crawlers beside the painted app. */
  text?: string;
  status?: number;
}

/** A link from data; an href that is not http(s) or a site path (saved before the rule, issue 15 item 6) is text. */
const link = (href: string, text: string) => {
  const safe = safeHref(href);
  return safe ? `<a href="${escapeHtml(safe)}">${escapeHtml(text)}</a>` : `<span>${escapeHtml(text)}</span>`;
};

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
  /^\/user(\/\d+(\/(article|document))?)?$/,
  /^\/me(\/(article|document|download|favorite|order|password|profile|vip))?$/,
  /^\/admin(\/[\w-]+){0,2}$/,
];

/** Categories of one path, top level first (a document sits in every category of its chosen path). */
function orderChain<T extends { id: number; parentId: number }>(cats: T[]): T[] {
  const out: T[] = [];
  let parent = 0;
  for (let i = 0; i < cats.length; i++) {
    const next = cats.find((c) => c.parentId === parent && !out.includes(c));
    if (!next) break;
    out.push(next);
    parent = next.id;
  }
  return out;
}

function breadcrumbs(items: { name: string; path: string }[], abs: (p: string) => string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: abs(c.path) })),
  };
}

const siteName = (s: Settings) => s.str('system.sitename') || s.str('system.title') || DEFAULT_SITE_TITLE;

/** What a visitor the site gate keeps out gets: the site's name and no content (the app shows the sign-in page). */
export const gatedPage = (s: Settings): RenderedPage => ({ title: siteName(s), body: '' });

export const isKnownPath = (path: string) => KNOWN_PATHS.some((re) => re.test(path.replace(/\/+$/, '') || '/'));

/**
 * Server-rendered head and text of public pages (settings group `ssr`): the home page lists the navigation,
 * categories and friend links; a member's page shows their public profile. Documents and articles add their own
 * renderers with their capabilities. Everything else gets its title only.
 */
export async function renderPage(ctx: DomainContext, path: string, origin = ''): Promise<RenderedPage> {
  const abs = (p: string) => (/^https?:\/\//.test(p) ? p : `${origin}${p}`);
  const s = await loadSettings(ctx);
  const site = siteName(s);
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

  const document = /^\/document\/([\w-]+)$/.exec(path);
  if (document) {
    const key = document[1] ?? '';
    const d = await ctx.em.findOne(
      Document,
      /^\d+$/.test(key)
        ? { id: Number(key), status: DocumentStatus.Converted, deletedAt: null }
        : { uuid: key, status: DocumentStatus.Converted, deletedAt: null },
    );
    if (!d) return { title: `404 - 页面未找到 - ${site}`, body: '', status: 404 };
    const [author, links, text] = await Promise.all([
      ctx.em.findOne(User, { id: d.userId }),
      ctx.em.find(DocumentCategory, { documentId: d.id }),
      ctx.em.execute<{ t: string }[]>('select substr(content, 1, 3000) as t from attachment_content where hash = ?', [
        d.hash,
      ]),
    ]);
    const cats = links.length
      ? await ctx.em.find(Category, { id: { $in: links.map((l) => l.categoryId) } }, { orderBy: { parentId: 'asc' } })
      : [];
    const chain = orderChain(cats);
    const excerpt = text[0]?.t ?? '';
    const description = (d.description || excerpt).slice(0, 200);
    const canonical = `/document/${d.uuid}`;
    const cover = d.preview > 0 ? `/view/cover/${d.hash}` : undefined;
    const crumbs = [
      { name: '首页', path: '/' },
      ...chain.map((c) => ({ name: c.title, path: `/category/${c.id}` })),
      { name: d.title, path: canonical },
    ];
    const body = withText
      ? `<main><nav>${crumbs.map((c) => link(c.path, c.name)).join(' / ')}</nav><article><h1>${escapeHtml(d.title)}</h1>` +
        `<p>${escapeHtml(`${d.pages} 页 · ${d.ext.replace('.', '').toUpperCase()} · ${author?.username ?? ''}`)}</p>` +
        `<p>${escapeHtml(description)}</p><section>${escapeHtml(excerpt)}</section></article></main>`
      : '';
    return {
      title: `${d.title} - ${site}`,
      description,
      keywords: d.keywords,
      canonical,
      og: { type: 'article', image: cover },
      text: withText ? excerpt : undefined,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'DigitalDocument',
          name: d.title,
          description,
          url: abs(canonical),
          datePublished: d.createdAt.toISOString(),
          dateModified: d.updatedAt.toISOString(),
          encodingFormat: d.ext.replace('.', ''),
          numberOfPages: d.pages,
          ...(cover ? { image: abs(cover) } : {}),
          ...(author ? { author: { '@type': 'Person', name: author.username, url: abs(`/user/${author.id}`) } } : {}),
          ...(d.keywords ? { keywords: d.keywords } : {}),
        },
        breadcrumbs(crumbs, abs),
      ],
      body,
    };
  }

  const article = /^\/article\/([\w-]+)$/.exec(path);
  if (article) {
    const a = await ctx.em.findOne(Article, {
      identifier: article[1] ?? '',
      status: ArticleStatus.Approved,
      deletedAt: null,
    });
    if (!a) return { title: `404 - 页面未找到 - ${site}`, body: '', status: 404 };
    const author = await ctx.em.findOne(User, { id: a.userId });
    const canonical = `/article/${a.identifier}`;
    const description = (a.description || htmlToText(a.content)).slice(0, 200);
    const crumbs = [
      { name: '首页', path: '/' },
      { name: '文章', path: '/article' },
      { name: a.title, path: canonical },
    ];
    // The stored content is sanitized HTML (allow-listed on every write), so it can be served as is.
    const body = withText
      ? `<main><nav>${crumbs.map((c) => link(c.path, c.name)).join(' / ')}</nav><article><h1>${escapeHtml(a.title)}</h1>` +
        `<p>${escapeHtml(author?.username ?? '')}</p>${a.content}</article></main>`
      : '';
    return {
      title: `${a.title} - ${site}`,
      description,
      keywords: a.keywords,
      canonical,
      og: { type: 'article', image: a.cover || undefined },
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: a.title,
          description,
          url: abs(canonical),
          datePublished: a.createdAt.toISOString(),
          dateModified: a.updatedAt.toISOString(),
          ...(a.cover ? { image: abs(a.cover) } : {}),
          ...(author ? { author: { '@type': 'Person', name: author.username, url: abs(`/user/${author.id}`) } } : {}),
        },
        breadcrumbs(crumbs, abs),
      ],
      body,
    };
  }

  const category = /^\/category\/(\d+)$/.exec(path);
  if (category) {
    const c = await ctx.em.findOne(Category, { id: Number(category[1]), enable: true, type: 0 });
    if (!c) return { title: `404 - 页面未找到 - ${site}`, body: '', status: 404 };
    const docs = await ctx.em.execute<{ uuid: string; title: string }[]>(
      `select d.uuid, d.title from document d join document_category dc on dc.document_id = d.id
       where dc.category_id = ? and d.status = ? and d.deleted_at is null order by d.id desc limit 30`,
      [c.id, DocumentStatus.Converted],
    );
    const body = withText
      ? `<main><h1>${escapeHtml(c.title)}</h1><p>${escapeHtml(c.description)}</p><ul>${docs
          .map((d) => `<li>${link(`/document/${d.uuid}`, d.title)}</li>`)
          .join('')}</ul></main>`
      : '';
    return {
      title: `${c.title} - ${site}`,
      description: c.description || undefined,
      canonical: `/category/${c.id}`,
      jsonLd: [
        breadcrumbs(
          [
            { name: '首页', path: '/' },
            { name: c.title, path: `/category/${c.id}` },
          ],
          abs,
        ),
      ],
      body,
    };
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
