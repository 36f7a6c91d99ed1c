import type { Frame, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { appReady, DESKTOP, useBrowser } from './browser.ts';
import {
  adminToken,
  api,
  baseUrl,
  type Member,
  POLL,
  publishConvertedDocument,
  register,
  signIn,
  signInAsAdmin,
  uploadBannerImage,
  withConfig,
} from './helpers.ts';

/**
 * "Keep them closed" (issue 15): script payloads go into every field a member or a limited administrator can write
 * (profile, titles, descriptions, keywords, comments, article HTML, navigation, banners, friend links, categories,
 * ads, file names, search words), then every page showing them is opened. Nothing may execute in the site's origin:
 * each payload calls `__xss(n)`, a binding that records the call. The server-rendered HTML of the public pages is
 * also loaded with JavaScript off and searched for event handlers, script links and script elements from data.
 * Ads are the exception by design: their script runs, but only inside their opaque-origin frames.
 */
const browser = useBrowser();

/** Which field each payload number went into, to name the culprit when one runs. */
const FIELDS: string[] = [];
const id = (field: string) => FIELDS.push(field) - 1;
/** Short enough for 32-character names and 64-character titles. */
const short = (field: string) => `<svg onload=__xss(${id(field)})>`;
/** Attribute break-out, an image handler and a closed script element around a new one. */
const long = (field: string) => {
  const n = id(field);
  return `"><img src=x onerror=__xss(${n})></script><script>__xss(${n})</script>'><svg/onload=__xss(${n})>`;
};
/** What a rich-text field may try: handlers, script, script URLs in links, frames and SVG/MathML tricks. */
const html = (field: string) => {
  const n = id(field);
  return [
    `<p>正文 ${n}</p><img src=x onerror=__xss(${n})>`,
    `<a href="javascript:__xss(${n})">链接</a><a href=" JAVASCRIPT:__xss(${n})">链接2</a>`,
    `<script>__xss(${n})</script><iframe src="javascript:__xss(${n})"></iframe>`,
    `<svg><script>__xss(${n})</script></svg><math><mtext><table><mglyph><style><img src=x onerror=__xss(${n})>`,
    `<form action="javascript:__xss(${n})"><button>提交</button></form><div style="background:url(javascript:__xss(${n}))">样式</div>`,
  ].join('');
};

interface Written {
  member: Member;
  docUuid: string;
  categoryId: number;
  articleIdentifier: string;
  searchWord: string;
}

let written: Written;
let cleanup: (() => Promise<void>)[] = [];

/** A browser context recording every `__xss` call with the frame it came from. */
async function watchedContext(calls: { n: number; frame: string }[], javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', javaScriptEnabled });
  await context.exposeBinding('__xss', (source, n: number) => {
    // The frame and its ancestors: a frame nested in an ad's frame (a `javascript:` iframe there) is the ad's too.
    const chain: string[] = [];
    for (let f: Frame | null = source.frame; f; f = f.parentFrame()) chain.push(f.url() || '(no address)');
    calls.push({ n, frame: chain.join(' < ') });
  });
  return context;
}

/** Calls from the site's own frames (an ad's frame, and what it nests, is where ad script is meant to run). */
const siteCalls = (calls: { n: number; frame: string }[]) =>
  calls.filter((c) => !c.frame.includes('/ad-frame/')).map((c) => `${FIELDS[c.n]} (${c.frame})`);

/** Opens a page and waits until its data (some payload, shown as text) is on it and the network is quiet. */
async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await expect.poll(async () => (await page.content()).includes('__xss('), POLL).toBe(true);
  await page.waitForLoadState('networkidle');
}

/** A member whose name is a payload (names are 3 to 32 characters of anything, spec §5). */
async function registerNamed(prefix: string): Promise<Member> {
  const username = `${prefix}${Date.now().toString(36)}`;
  const password = 'e2e-pass-1';
  const r = await api<{ token: string; user: { id: number } }>('POST', '/user/register', {
    username,
    password,
    email: `xss${Date.now().toString(36)}@example.com`,
  });
  return { id: r.user.id, username, password, token: r.token };
}

async function writeEverything(): Promise<Written> {
  const admin = await adminToken();

  // A limited administrator: the content desks (navigation, banners, friend links, ads, categories), nothing else.
  const perms = await api<{ permission: { id: number; path: string }[] }>(
    'GET',
    '/permission/list?size=1000',
    undefined,
    admin,
  );
  const desk = perms.permission.filter((p) =>
    /(Navigation|Banner|Friendlink|Advertisement|Category)API\//.test(p.path),
  );
  const role = await api<{ id: number }>('POST', '/group', { title: `内容编辑${Date.now()}` }, admin);
  await api('PUT', '/group/permission', { group_id: role.id, permission_id: desk.map((p) => p.id) }, admin);
  const editor = await register('ed');
  await api('PUT', '/user', { id: editor.id, group_id: [role.id] }, admin);
  const ed = editor.token;

  // Links that could run script are refused (issue 15 item 6); the payloads go into every text field instead.
  for (const [path, body] of [
    ['/navigation', { title: 'x', href: 'javascript:__xss(0)' }],
    ['/friendlink', { title: 'x', link: 'javascript:__xss(0)' }],
    ['/banner', { path: '/static/images/x.png', url: ' JAVASCRIPT:__xss(0)' }],
  ] as const) {
    await expect(api('POST', path, body, ed)).rejects.toThrow(/400/);
  }
  const nav = await api<{ id: number }>(
    'POST',
    '/navigation',
    { title: short('navigation title'), href: '/category', description: long('navigation description'), sort: 1 },
    ed,
  );
  const friend = await api<{ id: number }>(
    'POST',
    '/friendlink',
    { title: short('friend link title'), link: 'https://example.com/', description: long('friend link description') },
    ed,
  );
  const png = await sharp({ create: { width: 64, height: 24, channels: 3, background: '#369' } })
    .png()
    .toBuffer();
  const path = await uploadBannerImage(admin, png, `${short('banner file name')}.png`);
  const banner = await api<{ id: number }>(
    'POST',
    '/banner',
    { path, title: long('banner title'), description: long('banner description'), url: '/' },
    ed,
  );
  const ad = await api<{ id: number }>(
    'POST',
    '/advertisement',
    { position: 'global_top', title: long('ad title'), content: html('ad content') },
    ed,
  );
  const [category] = (
    await api<{ category: { id: number }[] }>(
      'POST',
      '/category',
      { title: short('document category title'), description: long('category description'), type: 0 },
      ed,
    )
  ).category;
  const [articleCategory] = (
    await api<{ category: { id: number }[] }>(
      'POST',
      '/category',
      { title: short('article category title'), type: 1 },
      ed,
    )
  ).category;
  if (!category || !articleCategory) throw new Error('categories not created');
  cleanup.push(async () => {
    const t = await adminToken();
    await api('DELETE', `/navigation?id=${nav.id}`, undefined, t);
    await api('DELETE', `/friendlink?id=${friend.id}`, undefined, t);
    await api('DELETE', `/banner?id=${banner.id}`, undefined, t);
    await api('DELETE', `/advertisement?id=${ad.id}`, undefined, t);
  });

  // A member: name, profile, a document (its file name and texts), an article, comments, a search.
  const member = await registerNamed(short('username'));
  await api(
    'PUT',
    '/user/profile',
    { signature: long('signature'), realname: short('real name'), address: long('address') },
    member.token,
  );
  const doc = await publishConvertedDocument(member, admin, short('document title and file name'));
  await api(
    'PUT',
    '/document',
    {
      id: doc.id,
      description: long('document description'),
      keywords: long('document keywords'),
      category_id: [category.id],
    },
    member.token,
  );
  // The owner's edit of what the public reads sends the document back to review (issue 15 item 8): approve it again.
  await api('PUT', '/document/check', { id: [doc.id], status: 0 }, admin);
  const article = await api<{ id: number; identifier: string }>(
    'POST',
    '/article',
    {
      title: short('article title'),
      description: long('article description'),
      keywords: long('article keywords'),
      content: html('article content'),
      category_id: [articleCategory.id],
    },
    member.token,
  );
  await api('PUT', '/article/check', { article_id: [article.id], status: 1 }, admin);
  for (const [type, target] of [
    [0, doc.id],
    [1, article.id],
  ] as const) {
    const comment = await api<{ id: number; status: number }>(
      'POST',
      '/comment',
      { document_id: target, type, content: long(`comment on ${type ? 'the article' : 'the document'}`) },
      member.token,
    );
    if (comment.status !== 1) await api('POST', '/comment/check', { id: [comment.id], status: 1 }, admin);
  }
  const searchWord = long('search words');
  await api('GET', `/search?wd=${encodeURIComponent(searchWord)}&type=0`, undefined, member.token);
  return { member, docUuid: doc.uuid, categoryId: category.id, articleIdentifier: article.identifier, searchWord };
}

afterAll(async () => {
  for (const step of cleanup) await step();
  cleanup = [];
});

describe('stored script', () => {
  it('never runs, in the single-page app nor in the server-rendered pages', async () => {
    const token = await adminToken();
    const settings = [
      { category: 'security', name: 'enable_captcha_comment', value: 'false' },
      { category: 'security', name: 'comment_interval', value: '0' },
      { category: 'ssr', name: 'cache_seconds', value: '0' },
    ];
    await withConfig(token, settings, async () => {
      written = await writeEverything();
      const { member, docUuid, categoryId, articleIdentifier, searchWord } = written;
      const publicPaths = [
        '/',
        `/category/${categoryId}`,
        `/document/${docUuid}`,
        `/article/${articleIdentifier}`,
        '/article',
        `/user/${member.id}`,
        `/search?wd=${encodeURIComponent(searchWord)}&type=0`,
        `/search?wd=${encodeURIComponent('xss')}&type=0`,
      ];

      // The single-page app, as the member who wrote it all, then as the administrator in the back office.
      const calls: { n: number; frame: string }[] = [];
      const memberContext = await watchedContext(calls);
      const page = await signIn(memberContext, member.username, member.password);
      for (const path of [...publicPaths, '/me', '/me/profile', '/me/document', '/me/article']) await open(page, path);
      await memberContext.close();
      const adminContext = await watchedContext(calls);
      const adminPage = await signInAsAdmin(adminContext);
      for (const path of [
        '/',
        '/admin/document/list',
        '/admin/document/category',
        '/admin/document/searchrecord',
        '/admin/article/list',
        '/admin/article/category',
        '/admin/comment',
        '/admin/navigation',
        '/admin/banner',
        '/admin/friendlink',
        '/admin/advertisement',
        '/admin/attachment',
        '/admin/user/list',
      ]) {
        await open(adminPage, path);
      }
      await adminContext.close();
      expect(siteCalls(calls)).toEqual([]);

      // The server-rendered HTML, with no script at all: no handler attribute, no script URL, no script from data.
      const ssrContext = await watchedContext(calls, false);
      const ssr = await ssrContext.newPage();
      const rendered = ['/', `/category/${categoryId}`, `/document/${docUuid}`, `/article/${articleIdentifier}`];
      for (const path of [...rendered, `/user/${member.id}`]) {
        await ssr.goto(`${baseUrl()}${path}`);
        const found = await ssr.evaluate(`(() => {
          const bad = [];
          const root = document.getElementById('root');
          if (!root || !root.textContent.includes('__xss(')) bad.push('the page shows none of the data');
          for (const el of document.querySelectorAll('*')) {
            for (const a of el.attributes) {
              if (/^on/i.test(a.name)) bad.push(el.tagName + ' ' + a.name);
              if (/^(href|src|action|formaction|xlink:href)$/i.test(a.name) && /^\\s*(javascript|vbscript|data):/i.test(a.value))
                bad.push(el.tagName + ' ' + a.name + '=' + a.value);
            }
          }
          // Data blocks (JSON-LD, the painted app's query data) never run; every other script is one of the site's files.
          for (const s of document.querySelectorAll('script')) {
            const ownFile = s.src && new URL(s.src).origin === location.origin && !s.textContent.trim();
            const data = s.type === 'application/ld+json' || s.type === 'application/json';
            if (!ownFile && !data) bad.push('script ' + s.outerHTML.slice(0, 120));
          }
          // The painted app has forms of its own (the search box); none may come from the data.
          // An advertisement is painted as the site's sandboxed frame (its title, escaped, may carry the data); its
          // sandbox never lets it reach the site.
          for (const el of root ? root.querySelectorAll('iframe, object, embed, base, form, meta, link') : []) {
            const adFrame =
              el.localName === 'iframe' &&
              (el.getAttribute('src') || '').startsWith('/ad-frame/') &&
              el.hasAttribute('sandbox') &&
              !/allow-same-origin/.test(el.getAttribute('sandbox'));
            if (!adFrame && el.outerHTML.includes('__xss')) bad.push('element ' + el.outerHTML.slice(0, 120));
          }
          return bad;
        })()`);
        expect(found, path).toEqual([]);
      }
      await ssrContext.close();
      expect(siteCalls(calls)).toEqual([]);
    });
    // Some 30 pages, each until the network is idle: 53 s alone, past two minutes beside the other shards on a slow
    // two-core machine.
  }, 300_000);
});

describe('settings HTML', () => {
  it('is the HTML the server filtered, in the server render as in the browser, and runs nothing', async () => {
    const token = await adminToken();
    const n = id('copyright statement');
    const statement = `<b>粗体${n}</b><a href="/article/about" target="_blank" onclick="__xss(${n})">关于</a>${html('copyright statement')}`;
    const settings = [
      { category: 'display', name: 'copyright_statement', value: statement },
      { category: 'ssr', name: 'cache_seconds', value: '0' },
    ];
    /** The allowed formatting and link of the footer's statement, and anything in it that could run. */
    const statementParts = `(() => {
      const p = [...document.querySelectorAll('footer p')].find((el) => el.textContent.includes('粗体${n}'));
      if (!p) return null;
      const bad = [];
      for (const el of p.querySelectorAll('*')) {
        if (/^(script|style|iframe|svg|math|img|form|button|object|embed)$/i.test(el.localName)) bad.push(el.localName);
        for (const a of el.attributes) if (/^on/i.test(a.name) || /^\\s*(javascript|data):/i.test(a.value)) bad.push(a.name);
      }
      const link = [...p.querySelectorAll('a')].find((a) => a.textContent === '关于');
      return { bold: p.querySelectorAll('b').length, rel: link ? link.getAttribute('rel') : null, bad };
    })()`;
    const expected = { bold: 1, rel: 'noopener noreferrer', bad: [] };
    await withConfig(token, settings, async () => {
      const calls: { n: number; frame: string }[] = [];
      // The server's paint, without the app: the filtered markup (no sanitizer runs in the browser any more).
      const ssrContext = await watchedContext(calls, false);
      const ssr = await ssrContext.newPage();
      await ssr.goto(`${baseUrl()}/?t=${Date.now()}`);
      expect(await ssr.evaluate(statementParts)).toEqual(expected);
      await ssrContext.close();

      // The browser's take-over keeps the same markup, and nothing runs.
      const context = await watchedContext(calls);
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/?t=${Date.now()}`);
      await appReady(page);
      expect(await page.evaluate(statementParts)).toEqual(expected);
      await page.waitForLoadState('networkidle');
      await context.close();
      expect(siteCalls(calls)).toEqual([]);
    });
  });
});
