import { Document, type IDocument } from '@wenku/db';
import type { PermissionKey } from '@wenku/shared';
import { DocumentStatus } from '@wenku/shared';
import type { Actor, DomainContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { can } from '../permissions.ts';

/**
 * Who may see a document, the rule every area that shows or acts on documents applies (feed, comments, search,
 * member counts, orders). It lives below the areas so that none of them has to import `documents` for it
 * (docs/architecture.md, "No import cycles between areas").
 */

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
 * A live document the caller may download or buy: converted, or any status for its owner and document
 * administrators (`manager`). Throws NOT_FOUND.
 */
export async function findDownloadableDocument(ctx: DomainContext, documentId: number) {
  const doc = await ctx.em.findOne(Document, { id: documentId, deletedAt: null });
  const manager = !!doc && canManageDocument(ctx.actor, doc);
  if (!doc || (!manager && doc.status !== DocumentStatus.Converted)) throw notFound('documents.not_found');
  return { doc, manager };
}
