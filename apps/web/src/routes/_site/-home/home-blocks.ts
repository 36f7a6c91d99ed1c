import { DocumentStatus, type PublicSettings } from '@wenku/shared';
import { settingBool, settingText } from '@/components/layout/site-settings';

/** The extra fields the home blocks ask `document.home` for (moredoc-facts §21.1: card titles, list covers). */
export const HOME_DOCUMENT_FIELDS = ['description', 'price', 'size', 'view_count', 'download_count', 'created_at'];

/**
 * The inputs of the home page's queries, shared by the loader (which starts them) and the blocks (which read them),
 * so that both use one cache entry each (moredoc-facts §21.1 V1 sizes).
 */
export const HOME_INPUTS = {
  banners: { page: 1, size: 20, type: [0], enable: [true], field: ['id', 'title', 'description', 'path', 'url'] },
  categoryBlocks: { limit: 8, field: HOME_DOCUMENT_FIELDS },
  // Administrators list every status; the home page shows what visitors can open.
  recommendedDocuments: {
    page: 1,
    size: 12,
    is_recommend: [true],
    status: [DocumentStatus.Converted],
    order: 'recommend_at desc',
  },
  // V2 (moredoc-facts §21.1): 14 recommended documents, the 8 newest, 6 documents a category block.
  featuredDocuments: {
    page: 1,
    size: 14,
    is_recommend: [true],
    status: [DocumentStatus.Converted],
    order: 'recommend_at desc',
  },
  latestDocuments: { page: 1, size: 8, status: [DocumentStatus.Converted], order: 'id desc' },
  // 热门文档 (issue 20): the most downloaded public documents.
  popularDocuments: { page: 1, size: 12, status: [DocumentStatus.Converted], order: 'download_count desc' },
  categorySections: { limit: 6, field: HOME_DOCUMENT_FIELDS },
  // The signed-in member's own account, fresh from the server (the same entry /me reads).
  me: { id: 0 },
  latestArticles: { page: 1, size: 6 },
  recommendedArticles: { page: 1, size: 6, is_recommend: [true] },
  // pro-facts §2.7: up to 100 notices, larger notice values first.
  notices: { page: 1, size: 100, is_notice: [true] },
  hotWords: { limit: 8 },
};

/** How many top-level document categories the category strip shows (moredoc-facts §21.1 V1 item 6). */
export const INDEX_CATEGORY_COUNT = 4;
/** 热门分类 of V2 (moredoc-facts §21.1): eight categories, or four when fewer than eight have documents. */
export const FEATURED_CATEGORY_COUNT = 8;
export const FEATURED_CATEGORY_FEW = 4;
/** How many titles a card-style category block lists beside its cover (moredoc-facts §21.1 V1 item 8). */
export const CARD_BLOCK_TITLES = 5;

export type HomeDocumentStyle = 'card' | 'list';

export interface HomeLayout {
  /** `display.index_document_style`: category blocks as cover + titles (card) or rows of covers (list). */
  documentStyle: HomeDocumentStyle;
  /** `display.show_index_categories`: the category strip between the ads. */
  showCategories: boolean;
  /** `display.show_document_count`: "N 文档" and "N 文章" beside the recommended documents. */
  showDocumentCount: boolean;
  /** `display.show_register_user_count`: "N 用户" beside them. */
  showUserCount: boolean;
}

export type HomeVersion = 'v1' | 'v2';

/** `display.home_version` (moredoc-facts §4.9): `v2` picks the second layout, anything else the first. */
export function homeVersion(settings: PublicSettings | undefined | null): HomeVersion {
  return settingText(settings, 'display', 'home_version') === 'v2' ? 'v2' : 'v1';
}

/** Which optional parts of the home page the settings turn on. */
export function homeLayout(settings: PublicSettings | undefined | null): HomeLayout {
  return {
    documentStyle: settingText(settings, 'display', 'index_document_style') === 'list' ? 'list' : 'card',
    showCategories: settingBool(settings, 'display', 'show_index_categories'),
    showDocumentCount: settingBool(settings, 'display', 'show_document_count'),
    showUserCount: settingBool(settings, 'display', 'show_register_user_count'),
  };
}

export type HomeStatKey = 'document' | 'article' | 'user';
export interface HomeStat {
  key: HomeStatKey;
  value: number;
}

/** The site figures the home page may show, in moredoc's order (documents, articles, users), as the flags allow. */
export function homeStats(
  stats: { document_count: number; article_count: number; user_count: number } | undefined,
  layout: Pick<HomeLayout, 'showDocumentCount' | 'showUserCount'>,
): HomeStat[] {
  if (!stats) return [];
  const items: HomeStat[] = [];
  if (layout.showDocumentCount) {
    items.push({ key: 'document', value: stats.document_count }, { key: 'article', value: stats.article_count });
  }
  if (layout.showUserCount) items.push({ key: 'user', value: stats.user_count });
  return items;
}

/**
 * Whether documents' views and downloads are shown: on unless the site turned them off (moredoc-facts §4.9
 * `show_document_view_count`, `show_document_download_count`; the server then sends 0, which is not the figure).
 */
export function documentCountsShown(settings: PublicSettings | undefined | null): {
  views: boolean;
  downloads: boolean;
} {
  const on = (key: string) => {
    const v = settings?.display?.[key];
    return !(v === false || v === 'false' || v === 0 || v === '0');
  };
  return { views: on('show_document_view_count'), downloads: on('show_document_download_count') };
}

/**
 * 热门分类 (moredoc-facts §21.1 V2): the top-level categories that hold documents, up to eight; with fewer than
 * eight, only the first four, so the grid never shows a ragged row.
 */
export function featuredCategories<C extends { doc_count?: number }>(topLevel: readonly C[]): C[] {
  const withDocuments = topLevel.filter((c) => (c.doc_count ?? 0) > 0).slice(0, FEATURED_CATEGORY_COUNT);
  return withDocuments.length < FEATURED_CATEGORY_COUNT ? withDocuments.slice(0, FEATURED_CATEGORY_FEW) : withDocuments;
}

/**
 * The title a document card shows for its category: the deepest of the document's categories (a document sits in
 * the whole path, moredoc-facts §2.2), empty when none of them is known.
 */
export function documentCategoryTitle(
  categoryIds: readonly number[],
  categories: readonly { id?: number; parent_id?: number; title?: string }[],
): string {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const known = categoryIds.filter((id) => byId.has(id));
  const parents = new Set(known.map((id) => byId.get(id)?.parent_id));
  const leaf = known.find((id) => !parents.has(id)) ?? known[0];
  return leaf === undefined ? '' : (byId.get(leaf)?.title ?? '');
}

/** Category blocks without documents are skipped (moredoc-facts §21.1 V1 item 8). */
export function visibleCategoryBlocks<B extends { document: readonly unknown[] }>(
  blocks: readonly B[] | undefined,
): B[] {
  return (blocks ?? []).filter((b) => b.document.length > 0);
}

/** What every document of the home page's lists has: enough for a cover with its title. */
export interface CoverDocument {
  id: number;
  uuid: string;
  title: string;
  ext: string;
  pages: number;
  cover: string;
  is_vip?: boolean;
}

/** A document of a `document.home` block, with the requested extra fields read safely. */
export interface HomeDocument extends CoverDocument {
  is_vip: boolean;
  description: string;
  price: number;
  size: number;
  viewCount: number;
  downloadCount: number;
  createdAt: string;
}

type RawHomeDocument = CoverDocument & { [k: string]: string | number | boolean | undefined };

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Reads the extra fields of a home document (the wire keeps them loose: `field` picks them). */
export function toHomeDocument(d: RawHomeDocument): HomeDocument {
  return {
    id: d.id,
    uuid: d.uuid,
    title: d.title,
    ext: d.ext,
    pages: d.pages,
    cover: d.cover,
    is_vip: d.is_vip === true,
    description: str(d.description),
    price: num(d.price),
    size: num(d.size),
    viewCount: num(d.view_count),
    downloadCount: num(d.download_count),
    createdAt: str(d.created_at),
  };
}
