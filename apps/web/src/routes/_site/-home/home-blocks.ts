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
  latestArticles: { page: 1, size: 6 },
  recommendedArticles: { page: 1, size: 6, is_recommend: [true] },
  // pro-facts §2.7: up to 100 notices, larger notice values first.
  notices: { page: 1, size: 100, is_notice: [true] },
  hotWords: { limit: 8 },
};

/** How many top-level document categories the category strip shows (moredoc-facts §21.1 V1 item 6). */
export const INDEX_CATEGORY_COUNT = 4;
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

/** Category blocks without documents are skipped (moredoc-facts §21.1 V1 item 8). */
export function visibleCategoryBlocks<B extends { document: readonly unknown[] }>(
  blocks: readonly B[] | undefined,
): B[] {
  return (blocks ?? []).filter((b) => b.document.length > 0);
}

/** A document of a `document.home` block, with the requested extra fields read safely. */
export interface HomeDocument {
  id: number;
  uuid: string;
  title: string;
  ext: string;
  pages: number;
  cover: string;
  description: string;
  price: number;
  size: number;
  viewCount: number;
  downloadCount: number;
  createdAt: string;
}

type RawHomeDocument = {
  id: number;
  uuid: string;
  title: string;
  ext: string;
  pages: number;
  cover: string;
  [k: string]: string | number;
};

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
    description: str(d.description),
    price: num(d.price),
    size: num(d.size),
    viewCount: num(d.view_count),
    downloadCount: num(d.download_count),
    createdAt: str(d.created_at),
  };
}
