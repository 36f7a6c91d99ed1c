import type { IDocument } from '@wenku/db';
import type { PermissionKey } from '@wenku/shared';
import { DocumentStatus } from '@wenku/shared';
import type { Actor } from '../context.ts';
import { can } from '../permissions.ts';

/** Statuses the public never sees: disabled, pending review, rejected (moredoc hid them only in the UI). */
export const HIDDEN_STATUSES: readonly number[] = [
  DocumentStatus.Disabled,
  DocumentStatus.PendingReview,
  DocumentStatus.ReviewRejected,
];

export const isDocumentAdmin = (actor: Actor | null, key: PermissionKey = 'DocumentAPI.ListDocument') =>
  can(actor, key);

/** Owner or document administrator: sees every status, the conversion error and the real counters. */
export const canManageDocument = (actor: Actor | null, doc: Pick<IDocument, 'userId'>) =>
  !!actor && (actor.user.id === doc.userId || isDocumentAdmin(actor));

export const isVisibleTo = (actor: Actor | null, doc: Pick<IDocument, 'userId' | 'status' | 'deletedAt'>) =>
  !doc.deletedAt && (!HIDDEN_STATUSES.includes(doc.status) || canManageDocument(actor, doc));

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
