/// <reference path="./jsdom.d.ts" />
import type * as ReadabilityModule from '@mozilla/readability';
import { Group } from '@wenku/db';
import type { CrawlArticleDTO, CrawlArticleInput } from '@wenku/shared';
import type * as Cheerio from 'cheerio';
import type * as Jsdom from 'jsdom';
import { htmlToText, sanitizeArticleHtml } from '../articles/article-html.ts';
import type { DomainContext } from '../context.ts';
import { forbidden, invalid } from '../errors.ts';
import { lazyPackage } from '../lazy-package.ts';
import { can, requireActor } from '../permissions.ts';
import { FetchError, safeFetch } from './fetcher.ts';
import { cleanText } from './links.ts';
import { withHostLimit } from './politeness.ts';
import { spiderPolicy } from './spider.service.ts';

// Loaded when an article is first crawled: jsdom alone holds ~60 MB the server need not keep idle (issue 17).
const cheerio = lazyPackage<typeof Cheerio>('cheerio');
const jsdom = lazyPackage<typeof Jsdom>('jsdom');
const readability = lazyPackage<typeof ReadabilityModule>('@mozilla/readability');
/** One `原内容 => 新内容` rule per line; lines without the arrow are ignored, the new content may be empty. */
export function parseReplacements(text: string): [string, string][] {
  const rules: [string, string][] = [];
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf('=>');
    if (at < 0) continue;
    const from = line.slice(0, at).trim();
    if (from) rules.push([from, line.slice(at + 2).trim()]);
  }
  return rules;
}

/** Applies the replacements in order, each to every occurrence, literally (not as patterns). */
export const applyReplacements = (html: string, rules: readonly [string, string][]) =>
  rules.reduce((out, [from, to]) => out.split(from).join(to), html);

const selectorLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * The main content of an article page: mode 0 asks Readability (Firefox's reader view) for it, mode 1 takes the
 * elements the CSS selectors match. Excluded selectors are removed first, relative links and images made absolute.
 * The HTML is not yet sanitized. Throws VALIDATION_FAILED for a bad selector.
 */
export function extractArticle(
  html: string,
  pageUrl: URL,
  opts: { mode: number; select: string; exclude: string },
): { title: string; html: string; excerpt: string } {
  const $ = cheerio().load(html);
  const pageTitle = cleanText($('meta[property="og:title"]').attr('content') || $('title').first().text() || '');
  try {
    for (const sel of selectorLines(opts.exclude)) $(sel).remove();
  } catch {
    throw invalid('spider.exclude_selector_invalid', 'exclude');
  }
  $('script, style, noscript, iframe, template').remove();
  for (const [attr, sel] of [
    ['href', 'a[href]'],
    ['src', 'img[src], video[src], audio[src], source[src]'],
  ] as const) {
    $(sel).each((_, el) => {
      const v = $(el).attr(attr);
      if (!v) return;
      try {
        $(el).attr(attr, new URL(v, pageUrl).toString());
      } catch {
        $(el).removeAttr(attr);
      }
    });
  }
  // Lazy-loaded images keep the real address in data-src.
  $('img[data-src]').each((_, el) => {
    const v = $(el).attr('data-src');
    if (v)
      try {
        $(el).attr('src', new URL(v, pageUrl).toString());
      } catch {
        // keep what is there
      }
  });
  if (opts.mode === 1) {
    const selectors = selectorLines(opts.select);
    if (selectors.length === 0) throw invalid('spider.selector_required', 'select');
    const parts: string[] = [];
    try {
      for (const sel of selectors) $(sel).each((_, el) => void parts.push($(el).html() ?? ''));
    } catch {
      throw invalid('spider.selector_invalid', 'select');
    }
    const h1 = cleanText($('h1').first().text());
    return { title: h1 || pageTitle, html: parts.join('\n'), excerpt: '' };
  }
  // jsdom runs no scripts unless told to; its console noise about CSS is dropped.
  const { JSDOM, VirtualConsole } = jsdom();
  const dom = new JSDOM($.html(), { url: pageUrl.toString(), virtualConsole: new VirtualConsole() });
  try {
    const { Readability } = readability();
    const article = new Readability(dom.window.document as ConstructorParameters<typeof Readability>[0]).parse();
    // Readability keeps `标题 - 站点名` whole when it cannot count words (Chinese has no spaces): the page's own
    // heading, when the title contains it, is the article's title.
    const h1 = cleanText($('h1').first().text());
    const title = cleanText(article?.title || pageTitle);
    return {
      title: h1 && title !== h1 && title.includes(h1) ? h1 : title,
      html: article?.content ?? '',
      excerpt: cleanText(article?.excerpt ?? ''),
    };
  } finally {
    dom.window.close();
  }
}

/** Whether the caller may crawl articles: article administrators, or members of a group with `enable_article_crawl`. */
export async function canCrawlArticle(ctx: DomainContext): Promise<boolean> {
  const actor = ctx.actor;
  if (!actor) return false;
  if (can(actor, 'ArticleAPI.CreateArticle') || can(actor, 'ArticleAPI.UpdateArticle')) return true;
  if (actor.groupIds.length === 0) return false;
  return (await ctx.em.count(Group, { id: { $in: [...actor.groupIds] }, enableArticleCrawl: true })) > 0;
}

/**
 * POST /article/crawl (moredoc-pro-facts §9.3): fetches the page under the crawler's network rules, extracts the
 * content, applies the replacements and sanitizes the result like any article. Throws UNAUTHENTICATED, FORBIDDEN,
 * VALIDATION_FAILED (the fetch's reason, or nothing found).
 */
export async function crawlArticle(ctx: DomainContext, input: CrawlArticleInput): Promise<CrawlArticleDTO> {
  requireActor(ctx);
  if (!(await canCrawlArticle(ctx))) throw forbidden('spider.article_crawl_forbidden');
  const { policy, limits } = await spiderPolicy(ctx);
  const url = new URL(input.url);
  let page: { html: string; url: URL };
  try {
    // The host slot is held until the body is read, so the per-host concurrency counts whole transfers.
    page = await withHostLimit(url.host, limits, async () => {
      const res = await safeFetch(url, { ...policy, maxBytes: Math.min(policy.maxBytes, 10 * 1024 * 1024) });
      if (res.contentType && !/html|xml/.test(res.contentType)) {
        res.discard();
        throw new FetchError('http', `链接不是网页（${res.contentType}）`);
      }
      return { html: await res.text(), url: res.url };
    });
  } catch (e) {
    if (e instanceof FetchError) throw invalid({ key: 'spider.crawl_failed', params: { detail: e.message } }, 'url');
    throw e;
  }
  const extracted = extractArticle(page.html, page.url, input);
  const rules = parseReplacements(input.replace);
  const content = sanitizeArticleHtml(applyReplacements(extracted.html, rules)).trim();
  if (!htmlToText(content).trim() && !/<img\s/i.test(content)) throw invalid('spider.article_no_content', 'url');
  const title = cleanText(applyReplacements(extracted.title, rules));
  const text = htmlToText(content);
  return {
    title,
    keywords: '',
    description: [...(extracted.excerpt || text)].slice(0, 255).join(''),
    content,
    source: page.url.host,
    source_url: page.url.toString(),
  };
}
