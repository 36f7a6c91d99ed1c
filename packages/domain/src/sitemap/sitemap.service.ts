import { Readable } from 'node:stream';
import { DomainError } from '@wenku/shared';
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import type { DomainContext } from '../context.ts';
import { loadSettings, siteOrigin } from '../settings/settings.service.ts';

/** Per file, below the protocol's 50,000-URL limit. */
const URLS_PER_FILE = 45_000;
export const SITEMAP_KEY = 'sitemap/sitemap.xml';
export const sitemapPartKey = (n: number) => `sitemap/sitemap-${n}.xml`;

interface Entry {
  url: string;
  lastmod?: string;
  changefreq?: 'daily' | 'weekly';
  priority?: number;
}

async function urlset(hostname: string, entries: Entry[]): Promise<Buffer> {
  return streamToPromise(Readable.from(entries).pipe(new SitemapStream({ hostname })));
}

/**
 * Writes the site map (spec §2 /sitemap.xml; moredoc-facts §19.4) into storage: home, enabled categories, every
 * public document (converted, not deleted) and every approved article, newest first. Over one file's worth of URLs it
 * becomes a sitemap index with numbered parts. Returns the number of URLs. Throws FEATURE_DISABLED while the site's
 * domain is unset: the protocol needs absolute URLs, and a guessed host would send crawlers elsewhere.
 */
export async function buildSitemap(ctx: DomainContext): Promise<{ urls: number; files: number }> {
  const s = await loadSettings(ctx);
  const hostname = siteOrigin(s);
  if (!hostname) throw new DomainError('FEATURE_DISABLED', 'sitemap.domain_missing');
  const conn = ctx.em.getConnection();
  const categories = await conn.execute<{ id: number; type: number; updated_at: Date }[]>(
    'select id, type, updated_at from category where enable = true order by id',
  );
  const documents = await conn.execute<{ uuid: string; updated_at: Date }[]>(
    'select uuid, updated_at from document where status = 2 and deleted_at is null order by id desc',
  );
  const articles = await conn.execute<{ identifier: string; updated_at: Date }[]>(
    'select identifier, updated_at from article where status = 1 and deleted_at is null order by id desc',
  );
  const entries: Entry[] = [
    { url: '/', changefreq: 'daily', priority: 1 },
    ...categories.map((c) => ({
      url: c.type === 0 ? `/category/${c.id}` : `/article?category_id=${c.id}`,
      lastmod: new Date(c.updated_at).toISOString(),
      changefreq: 'daily' as const,
      priority: 0.8,
    })),
    ...documents.map((d) => ({
      url: `/document/${d.uuid}`,
      lastmod: new Date(d.updated_at).toISOString(),
      changefreq: 'weekly' as const,
      priority: 0.6,
    })),
    ...articles.map((a) => ({
      url: `/article/${encodeURIComponent(a.identifier)}`,
      lastmod: new Date(a.updated_at).toISOString(),
      changefreq: 'weekly' as const,
      priority: 0.6,
    })),
  ];
  if (entries.length <= URLS_PER_FILE) {
    await ctx.runtime.storage.put(SITEMAP_KEY, await urlset(hostname, entries));
    return { urls: entries.length, files: 1 };
  }
  const parts: string[] = [];
  for (let i = 0; i * URLS_PER_FILE < entries.length; i++) {
    await ctx.runtime.storage.put(
      sitemapPartKey(i + 1),
      await urlset(hostname, entries.slice(i * URLS_PER_FILE, (i + 1) * URLS_PER_FILE)),
    );
    parts.push(`${hostname}/sitemap/sitemap-${i + 1}.xml`);
  }
  const index = await streamToPromise(Readable.from(parts.map((url) => ({ url }))).pipe(new SitemapIndexStream()));
  await ctx.runtime.storage.put(SITEMAP_KEY, index);
  return { urls: entries.length, files: parts.length + 1 };
}
