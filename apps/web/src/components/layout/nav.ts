import { type CategoryDTO, type NavigationDTO, safeHref } from '@wenku/shared';
import { isExternalHref } from '@/lib/utils';

/**
 * spec §2 Header: http(s) href → plain external link, site path → in-app link, no href → plain text. An href that is
 * neither (saved before the link rule, issue 15 item 6: `javascript:`, `//other.host`) is plain text too.
 */
export type NavKind = 'external' | 'internal' | 'text';

export function navKind(href: string | null | undefined): NavKind {
  const h = safeHref(href);
  if (!h) return 'text';
  return isExternalHref(h) ? 'external' : 'internal';
}

export interface NavNode extends NavigationDTO {
  children: NavNode[];
}

/** Enabled roots with their enabled children, in the server's order (spec §2 Header, moredoc-facts §18.2). */
export function buildNavTree(items: readonly NavigationDTO[]): NavNode[] {
  const enabled = items.filter((n) => n.enable);
  const ids = new Set(enabled.map((n) => n.id));
  const byParent = new Map<number, NavigationDTO[]>();
  for (const n of enabled) {
    const parent = n.parent_id && ids.has(n.parent_id) ? n.parent_id : 0;
    // A child whose parent is disabled disappears with it rather than surfacing as a root.
    if (n.parent_id && parent === 0) continue;
    byParent.set(parent, [...(byParent.get(parent) ?? []), n]);
  }
  const build = (parent: number, depth: number): NavNode[] =>
    (byParent.get(parent) ?? []).map((n) => ({ ...n, children: depth < 4 ? build(n.id, depth + 1) : [] }));
  return build(0, 0);
}

/**
 * Which category popover a navigation entry opens (spec §2 Header): the documents entry (/category…) shows
 * document categories, the articles listing entry (/article, optionally with a query) shows article categories.
 */
export function navCategoryType(href: string | null | undefined): 0 | 1 | null {
  const h = (href ?? '').trim();
  if (/^\/category(\/|\?|$)/.test(h)) return 0;
  if (/^\/article\/?(\?.*)?$/.test(h)) return 1;
  return null;
}

/** The search type that fits the page (spec §2: placeholder for documents or articles). */
export function searchTypeForPath(pathname: string, searchType?: unknown): 0 | 1 {
  if (pathname.startsWith('/search')) return String(searchType) === '1' ? 1 : 0;
  return /^\/article(\/|$)/.test(pathname) || pathname.startsWith('/post') ? 1 : 0;
}

/**
 * spec §2 Header: the header search box is hidden on the search page on desktop, and on the home page (which has
 * its own big search box) when more than 3 navigation items are enabled.
 */
export function showHeaderSearch(opts: { pathname: string; desktop: boolean; enabledNavCount: number }): boolean {
  if (opts.desktop && opts.pathname.startsWith('/search')) return false;
  if (opts.pathname === '/' && opts.enabledNavCount > 3) return false;
  return true;
}

/** `/search?wd=…&type=0|1`, or null for an empty keyword (spec §5: an empty keyword does nothing). */
export function searchHref(keyword: string, type: 0 | 1): string | null {
  const wd = keyword.trim();
  if (!wd) return null;
  return `/search?${new URLSearchParams({ wd, type: String(type) }).toString()}`;
}

/** spec §2 Layouts: the article layout hides the footer on the /article path. */
export function showFooter(pathname: string): boolean {
  return !/^\/article\/?$/.test(pathname);
}

export type CategoryNode = Partial<CategoryDTO> & { id: number; title: string; children: CategoryNode[] };

/**
 * Enabled categories of one type as a tree (popover cards, drawer and home). With
 * display.hide_category_without_document, categories without documents are left out (moredoc-facts §4.9).
 */
export function buildCategoryTree(
  rows: readonly Partial<CategoryDTO>[],
  type: 0 | 1,
  hideEmpty: boolean,
): CategoryNode[] {
  const usable = rows.filter(
    (c): c is Partial<CategoryDTO> & { id: number; title: string } =>
      typeof c.id === 'number' &&
      typeof c.title === 'string' &&
      (c.type ?? 0) === type &&
      c.enable !== false &&
      !(hideEmpty && (c.doc_count ?? 0) <= 0),
  );
  // Children of a hidden parent are not promoted to roots: they stay reachable from the parent's listing only.
  const build = (parent: number, depth: number): CategoryNode[] =>
    usable
      .filter((c) => (c.parent_id ?? 0) === parent)
      .map((c) => ({ ...c, children: depth < 6 ? build(c.id, depth + 1) : [] }));
  return build(0, 0);
}

/** Where a category card links: the document listing or the article listing filtered by category (spec §2). */
export function categoryHref(type: 0 | 1, id: number): string {
  return type === 0 ? `/category/${id}` : `/article?category_id=${id}`;
}
