/**
 * Pure helpers of the article pages: keywords as tags, the category chain of the breadcrumb and the reading HTML's
 * table wrappers.
 */

/** At most this many keyword tags under an article. */
export const MAX_KEYWORD_TAGS = 12;

/** The keywords of an article as distinct tags (moredoc joins them with `, `; members may use `，` or spaces). */
export function splitKeywords(keywords: string | null | undefined): string[] {
  const words = (keywords ?? '')
    .split(/[,，、;；\n]+/)
    .map((w) => w.trim())
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_KEYWORD_TAGS);
}

export interface CategoryLink {
  id: number;
  title: string;
  parent_id: number;
}

/**
 * The breadcrumb chain of an article's categories, root first. An article filed through the cascade is linked to
 * a whole path; one linked to unrelated categories (a batch re-filing) shows its longest path.
 */
export function categoryChain<T extends CategoryLink>(categories: readonly T[] | null | undefined): T[] {
  const list = categories ?? [];
  const byId = new Map(list.map((c) => [c.id, c]));
  let best: T[] = [];
  for (const leaf of list) {
    const chain: T[] = [];
    const seen = new Set<number>();
    for (let c: T | undefined = leaf; c && !seen.has(c.id); c = byId.get(c.parent_id)) {
      seen.add(c.id);
      chain.unshift(c);
    }
    if (chain.length > best.length) best = chain;
  }
  return best;
}

/**
 * Wraps every table of the (already sanitized) article HTML in a scroll box, so a wide table scrolls sideways on a
 * phone instead of widening the page. Only adds markup of our own; the rest of the HTML is left as it is.
 */
export function wrapTables(html: string): string {
  return html.replace(/<table(?=[\s>])/gi, '<div class="article-table">$&').replace(/<\/table\s*>/gi, '$&</div>');
}
