import type { IDocument } from '@wenku/db';
import type { DocumentDTO, PublicUserDTO } from '@wenku/shared';

export interface DocumentExtras {
  username?: string;
  /** Who moved it to the recycle bin (recycle list). */
  deletedUsername?: string;
  categoryIds: number[];
  categories?: { id: number; title: string; parent_id: number }[];
  /** Owner or administrator: real counters and the conversion error. */
  privileged: boolean;
  display: { download: boolean; view: boolean; favorite: boolean };
  content?: string;
  /** The uploader's public card (the reading page's `with_author`). */
  user?: PublicUserDTO;
  /** The count a counted view just wrote, in place of the row's (the row itself is never changed by a read). */
  viewCount?: number;
  /** Document administrators (reviewers): OCR progress and the likely duplicate (null: none). */
  review?: { duplicateOf: { id: number; uuid: string; title: string; similarity: number } | null };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Document → wire shape; counters hidden by display settings are zeroed for everyone else (moredoc-facts §4.9). */
export function presentDocument(d: IDocument, x: DocumentExtras): DocumentDTO {
  return {
    id: d.id,
    uuid: d.uuid,
    title: d.title,
    keywords: d.keywords,
    description: d.description,
    user_id: d.userId,
    username: x.username,
    width: d.width,
    height: d.height,
    preview: d.preview,
    pages: d.pages,
    download_count: x.privileged || x.display.download ? d.downloadCount : 0,
    view_count: x.privileged || x.display.view ? (x.viewCount ?? d.viewCount) : 0,
    favorite_count: x.privileged || x.display.favorite ? d.favoriteCount : 0,
    comment_count: d.commentCount,
    score: d.score,
    score_count: d.scoreCount,
    price: d.price,
    is_vip: d.isVip,
    size: d.size,
    ext: d.ext,
    status: d.status,
    ...(x.privileged ? { convert_error: d.convertError } : {}),
    ...(x.review
      ? { ocr_status: d.ocrStatus, ocr_pages: d.ocrPages, ocr_done: d.ocrDone, duplicate_of: x.review.duplicateOf }
      : {}),
    enable_gzip: d.enableGzip,
    preview_ext: d.previewExt,
    language: d.language,
    source: d.source ?? '',
    recommend_at: iso(d.recommendAt),
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    deleted_at: iso(d.deletedAt),
    ...(x.deletedUsername !== undefined ? { deleted_username: x.deletedUsername } : {}),
    category_id: x.categoryIds,
    ...(x.categories ? { category: x.categories } : {}),
    ...(x.user ? { user: x.user } : {}),
    attachment: { hash: d.hash },
    cover: d.preview > 0 ? `/view/cover/${d.hash}` : '',
    ...(x.content !== undefined ? { content: x.content } : {}),
  } as DocumentDTO;
}
