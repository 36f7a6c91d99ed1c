import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSettings } from '@wenku/domain';
import { DEFAULT_SITE_TITLE } from '@wenku/shared';
import express, { type Request, type Response, Router } from 'express';
import type { ServerDeps } from '../context.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Title prefixes of pre-rendered pages (moredoc-facts §20.3). */
function titleFor(path: string, site: string, home: string): string {
  if (path === '/' || path === '') return home;
  const prefixes: [RegExp, string][] = [
    [/^\/admin/, '管理后台 - '],
    [/^\/login/, '用户登录 - '],
    [/^\/register/, '用户注册 - '],
    [/^\/findpassword/, '找回密码 - '],
    [/^\/search/, '文档搜索 - '],
    [/^\/upload/, '文档上传 - '],
    [/^\/404/, '404 - 页面未找到 - '],
  ];
  const hit = prefixes.find(([re]) => re.test(path));
  return `${hit ? hit[1] : ''}${site}`;
}

/**
 * Serves the built web app: hashed assets with long caching, and every other path the SPA shell whose <head>
 * carries the site's title, keywords and description from settings (spec §2 page titles).
 */
export function createWebHandler(deps: ServerDeps, dist: string): Router {
  const r = Router();
  const shell = readFileSync(join(dist, 'index.html'), 'utf8');
  r.use(
    '/assets',
    express.static(join(dist, 'assets'), { maxAge: '1y', immutable: true, index: false, fallthrough: false }),
  );
  r.use(express.static(dist, { index: false, maxAge: '1h' }));
  r.get('/{*path}', async (req: Request, res: Response) => {
    let html = shell;
    try {
      const s = await loadSettings({ em: deps.db.orm.em.fork(), runtime: deps.runtime, actor: null, ip: '' });
      const site = s.str('system.sitename') || s.str('system.title') || DEFAULT_SITE_TITLE;
      const home = s.str('system.title') || s.str('system.sitename') || DEFAULT_SITE_TITLE;
      const head = [
        `<title>${escapeHtml(titleFor(req.path, site, home))}</title>`,
        `<meta name="keywords" content="${escapeHtml(s.str('system.keywords'))}">`,
        `<meta name="description" content="${escapeHtml(s.str('system.description'))}">`,
        s.str('system.favicon') ? `<link rel="icon" href="${escapeHtml(s.str('system.favicon'))}">` : '',
      ].join('');
      html = shell.replace(/<title>[^<]*<\/title>/, head);
    } catch (e) {
      console.error('web shell settings', e);
    }
    res
      .status(req.path === '/404' ? 404 : 200)
      .type('html')
      .set('cache-control', 'no-cache')
      .send(html);
  });
  return r;
}
