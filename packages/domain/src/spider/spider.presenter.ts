import type { ISpiderDocument, ISpiderUrl } from '@wenku/db';
import type { SpiderDocumentDTO, SpiderUrlDTO } from '@wenku/shared';

/** A start address → wire shape. */
export function presentSpiderUrl(r: ISpiderUrl): SpiderUrlDTO {
  return {
    id: r.id,
    status: r.status,
    url: r.url,
    total: r.total,
    error: r.error,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** A collected document → wire shape. */
export function presentSpiderDocument(r: ISpiderDocument): SpiderDocumentDTO {
  return {
    id: r.id,
    spider_url_id: r.spiderUrlId,
    status: r.status,
    url: r.url,
    host: r.host,
    title: r.title,
    title_from_href: r.titleFromHref,
    title_from_url: r.titleFromUrl,
    title_from_attachment: r.titleFromAttachment,
    language: r.language,
    price: r.price,
    size: r.size,
    ext: r.ext,
    content_type: r.contentType,
    error: r.error,
    save_path: r.savePath,
    attachment_id: r.attachmentId,
    hash: r.hash,
    user_id: r.userId,
    category_id: r.categoryId,
    document_id: r.documentId,
    duplicate_document_id: r.duplicateDocumentId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
