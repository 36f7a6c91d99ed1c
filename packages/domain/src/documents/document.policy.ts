import type { IDocument } from '@wenku/db';

/**
 * What the public reads of a document and a reviewer judged (docs/decisions.md, Security: edits and review): title,
 * keywords, description and categories. Price, VIP flag and language are the owner's terms, not content.
 */
const REVIEWED_FIELDS = ['title', 'keywords', 'description'] as const;

/** Whether an edit changes a reviewed field or the set of categories of the document. */
export function changesReviewedContent(
  doc: Pick<IDocument, (typeof REVIEWED_FIELDS)[number]>,
  categoryIds: readonly number[],
  edit: { [K in (typeof REVIEWED_FIELDS)[number]]?: string } & { category_id?: readonly number[] },
): boolean {
  if (REVIEWED_FIELDS.some((f) => edit[f] !== undefined && edit[f] !== doc[f])) return true;
  if (!edit.category_id) return false;
  const next = new Set(edit.category_id);
  return next.size !== new Set(categoryIds).size || categoryIds.some((id) => !next.has(id));
}
