import { type ArticleDTO, ArticleStatus, type CategoryDTO, type ServiceKey } from '@wenku/shared';

/**
 * Pure rules of the admin article screens (moredoc-facts §9): statuses, single pages, which review and bulk
 * commands apply to which rows, and the article category tree. The server decides again; this only keeps buttons
 * that would do nothing (or be refused) out of the way.
 */

export type StatusTone = 'success' | 'warning' | 'destructive' | 'outline';

/** The review statuses in the order the filter lists them (spec §3: 0 pending, 1 approved, 2 rejected). */
export const ARTICLE_STATUSES = [ArticleStatus.Pending, ArticleStatus.Approved, ArticleStatus.Rejected] as const;

const STATUS_KEYS: Record<number, 'pending' | 'approved' | 'rejected'> = {
  [ArticleStatus.Pending]: 'pending',
  [ArticleStatus.Approved]: 'approved',
  [ArticleStatus.Rejected]: 'rejected',
};

/** The i18n key part of a status (`admin.article.status.pending`); unknown values fall back to `unknown`. */
export function articleStatusKey(status: number): 'pending' | 'approved' | 'rejected' | 'unknown' {
  return STATUS_KEYS[status] ?? 'unknown';
}

/** Badge colour of a status. */
export function articleStatusTone(status: number): StatusTone {
  if (status === ArticleStatus.Approved) return 'success';
  if (status === ArticleStatus.Pending) return 'warning';
  if (status === ArticleStatus.Rejected) return 'destructive';
  return 'outline';
}

/** The seeded single pages the footer and the upload help link to (moredoc-facts §5, §9), in footer order. */
export const BUILT_IN_PAGES = ['about', 'agreement', 'contact', 'feedback', 'copyright', 'help'] as const;

/** Identifiers the server generates for ordinary articles: 16 lower-case hex characters. */
export const GENERATED_IDENTIFIER = /^[0-9a-f]{16}$/;

/** A single page is an article whose identifier a person chose (about, help…), not a generated one. */
export function isSinglePage(identifier: string): boolean {
  return identifier !== '' && !GENERATED_IDENTIFIER.test(identifier);
}

/** One of the seeded pages the site links to by name: deleting it would break the footer. */
export function isBuiltInPage(identifier: string): boolean {
  return (BUILT_IN_PAGES as readonly string[]).includes(identifier);
}

/** The single pages among articles: the seeded ones first in footer order, then the others, oldest first. */
export function singlePages<T extends Pick<ArticleDTO, 'id' | 'identifier'>>(articles: readonly T[]): T[] {
  const rank = (a: T) => {
    const i = (BUILT_IN_PAGES as readonly string[]).indexOf(a.identifier);
    return i < 0 ? BUILT_IN_PAGES.length : i;
  };
  return articles.filter((a) => isSinglePage(a.identifier)).sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}

/** The public address of an article or single page. */
export function articleHref(identifier: string): string {
  return `/article/${encodeURIComponent(identifier)}`;
}

/** The review commands and the status each sets (PUT /article/check). */
export const CHECK_ACTIONS = {
  approve: ArticleStatus.Approved,
  reject: ArticleStatus.Rejected,
  toReview: ArticleStatus.Pending,
} as const;
export type CheckAction = keyof typeof CHECK_ACTIONS;

/** The review commands that change something for an article in `status` (approve a pending one, etc.). */
export function checkActionsFor(status: number): CheckAction[] {
  return (Object.keys(CHECK_ACTIONS) as CheckAction[]).filter((a) => CHECK_ACTIONS[a] !== status);
}

export type BulkAction = CheckAction | 'recommend' | 'unrecommend' | 'setCategory' | 'delete';

/** The bulk commands of the admin list, in toolbar order, with the permission each needs. */
export const BULK_ACTIONS: readonly { action: BulkAction; permission: ServiceKey }[] = [
  { action: 'approve', permission: 'ArticleAPI.CheckArticles' },
  { action: 'reject', permission: 'ArticleAPI.CheckArticles' },
  { action: 'toReview', permission: 'ArticleAPI.CheckArticles' },
  { action: 'recommend', permission: 'ArticleAPI.RecommendArticles' },
  { action: 'unrecommend', permission: 'ArticleAPI.RecommendArticles' },
  { action: 'setCategory', permission: 'ArticleAPI.SetArticlesCategory' },
  { action: 'delete', permission: 'ArticleAPI.DeleteArticle' },
];

/** The bulk commands the user's permissions allow (an empty list hides the row checkboxes). */
export function allowedBulkActions(can: (key: ServiceKey) => boolean): BulkAction[] {
  return BULK_ACTIONS.filter((b) => can(b.permission)).map((b) => b.action);
}

type Selected = Pick<ArticleDTO, 'status' | 'recommend_at'>;

/**
 * The selected rows a bulk command would change: approving skips approved rows, recommending skips recommended
 * ones, and so on. Category and delete apply to every row. A command with no row to change is shown disabled.
 */
export function rowsChangedBy<T extends Selected>(action: BulkAction, rows: readonly T[]): T[] {
  switch (action) {
    case 'approve':
    case 'reject':
    case 'toReview':
      return rows.filter((r) => r.status !== CHECK_ACTIONS[action]);
    case 'recommend':
      return rows.filter((r) => !r.recommend_at);
    case 'unrecommend':
      return rows.filter((r) => !!r.recommend_at);
    default:
      return [...rows];
  }
}

/** A notice is an article with a notice value above 0; larger values come first (moredoc-pro-facts, 公告值). */
export function isNotice(notice: number): boolean {
  return notice > 0;
}

export interface ArticleCategoryNode {
  id: number;
  title: string;
  enable: boolean;
  children: ArticleCategoryNode[];
}

type CategoryRow = Partial<CategoryDTO> & { id?: number; title?: string };

/**
 * The article categories (type 1) as a tree in the server's order, disabled ones included (administrators may
 * file into them). Rows whose parent is missing become roots, so none is lost; a cycle cannot hang the build.
 */
export function articleCategoryTree(rows: readonly CategoryRow[]): ArticleCategoryNode[] {
  const usable = rows.filter(
    (r): r is CategoryRow & { id: number; title: string } =>
      typeof r.id === 'number' && typeof r.title === 'string' && (r.type ?? 1) === 1,
  );
  const ids = new Set(usable.map((r) => r.id));
  const placed = new Set<number>();
  const node = (r: CategoryRow & { id: number; title: string }, depth: number): ArticleCategoryNode => {
    placed.add(r.id);
    const children = usable.filter((c) => (c.parent_id ?? 0) === r.id && c.id !== r.id && !placed.has(c.id));
    return {
      id: r.id,
      title: r.title,
      enable: r.enable !== false,
      children: depth < 8 ? children.map((c) => node(c, depth + 1)) : [],
    };
  };
  const out: ArticleCategoryNode[] = [];
  for (const r of usable) {
    const root = !r.parent_id || !ids.has(r.parent_id) || r.parent_id === r.id;
    if (root && !placed.has(r.id)) out.push(node(r, 0));
  }
  // Rows caught in a parent cycle are reached from no root: list them at the top rather than lose them.
  for (const r of usable) if (!placed.has(r.id)) out.push(node(r, 0));
  return out;
}

/** The titles of an article's categories, in its link order; unknown ids (deleted categories) are skipped. */
export function categoryTitles(ids: readonly number[], titleById: ReadonlyMap<number, string>): string[] {
  return ids.map((id) => titleById.get(id)).filter((t): t is string => !!t);
}

/** Rows per request and requests at most when 单页管理 looks through the articles for single pages. */
export const SINGLE_PAGE_SCAN = { size: 1000, maxPages: 10 } as const;

/**
 * The single pages among all articles, read page by page in id order (the seeded pages are the oldest). The list
 * cannot filter by identifier, so this stops after `maxPages` requests on very large sites: `complete` says whether
 * every article was looked at.
 */
export async function collectSinglePages<T extends Pick<ArticleDTO, 'id' | 'identifier'>>(
  fetchPage: (page: number, size: number) => Promise<{ total: number; article: T[] }>,
  { size, maxPages }: { size: number; maxPages: number } = SINGLE_PAGE_SCAN,
): Promise<{ pages: T[]; scanned: number; total: number; complete: boolean }> {
  const found: T[] = [];
  let scanned = 0;
  let total = 0;
  for (let page = 1; page <= maxPages; page++) {
    const res = await fetchPage(page, size);
    total = res.total;
    scanned += res.article.length;
    found.push(...res.article.filter((a) => isSinglePage(a.identifier)));
    if (res.article.length < size || scanned >= total) break;
  }
  return { pages: singlePages(found), scanned, total, complete: scanned >= total };
}
