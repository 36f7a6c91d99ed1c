import { fileKind } from '@wenku/shared';
import { FORMAT_KINDS, type FormatKind } from './search-params';

export interface FacetOption<V> {
  value: V;
  label: string;
  count: number;
}

const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;

/**
 * The format facet (pro-facts §2.7): the server counts extensions (`.docx`, `.doc`…); the page offers kinds, so the
 * counts of one kind's extensions add up. Results without an extension (articles) have no format. Largest first;
 * equal counts keep the kinds' usual order.
 */
export function formatFacets(aggExt: readonly { ext: string; count: number }[]): { kind: FormatKind; count: number }[] {
  const sums = new Map<FormatKind, number>();
  for (const { ext, count } of aggExt) {
    const bare = ext.trim().replace(/^\./, '');
    if (!bare || count <= 0) continue;
    const kind = fileKind(bare);
    sums.set(kind, (sums.get(kind) ?? 0) + count);
  }
  return FORMAT_KINDS.flatMap((kind) => {
    const count = sums.get(kind);
    return count ? [{ kind, count }] : [];
  }).sort(byCount);
}

/** The category facet: names from the category list; a category the visitor cannot see (disabled, gone) is left out. */
export function categoryFacets(
  aggCategory: readonly { category_id: number; count: number }[],
  categories: readonly { id?: number; title?: string; enable?: boolean }[],
): FacetOption<number>[] {
  const titles = new Map(
    categories.flatMap((c) => (typeof c.id === 'number' && c.title && c.enable !== false ? [[c.id, c.title]] : [])),
  );
  return aggCategory
    .flatMap(({ category_id, count }) => {
      const label = titles.get(category_id);
      return label && count > 0 ? [{ value: category_id, label, count }] : [];
    })
    .sort(byCount);
}

/** The language facet: the names the site's language list gives, else the code itself. */
export function languageFacets(
  aggLanguage: readonly { code: string; count: number }[],
  languages: readonly { code: string; language: string }[],
): FacetOption<string>[] {
  const names = new Map(languages.map((l) => [l.code, l.language]));
  return aggLanguage
    .filter((l) => l.code && l.count > 0)
    .map(({ code, count }) => ({ value: code, label: names.get(code) || code, count }))
    .sort(byCount);
}

/** A facet column shows when it offers a choice, or when its filter is set (so 全部 can undo it). */
export const showFacet = (options: readonly unknown[], active: unknown) => options.length > 1 || active !== undefined;

/** 相关搜索词 (moredoc-facts §21.5): the results' keywords, each once, without the searched words themselves. */
export function relatedWords(results: readonly { keywords: string }[], wd: string, limit = 20): string[] {
  const seen = new Set([wd.trim().toLowerCase()]);
  const words: string[] = [];
  for (const r of results) {
    for (const raw of r.keywords.split(/[,，、;；|\n]+/)) {
      const w = raw.trim();
      if (!w || w.length > 40 || seen.has(w.toLowerCase())) continue;
      seen.add(w.toLowerCase());
      words.push(w);
      if (words.length >= limit) return words;
    }
  }
  return words;
}

/**
 * The server sends titles and snippets as escaped text with `<mark>` around the matched words. Defence in depth for
 * dangerouslySetInnerHTML: every `<` that does not open or close a bare `<mark>` is escaped, so nothing but marks can
 * ever become markup, whatever the server sends.
 */
export function markOnlyHtml(html: string): string {
  return html.replace(/<(?!\/?mark>)/gi, '&lt;');
}

/** The plain text of a highlighted string (for a title attribute). */
export function plainText(html: string): string {
  return html
    .replace(/<\/?mark>/gi, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&');
}
