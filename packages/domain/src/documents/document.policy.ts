import type { IDocument } from '@wenku/db';
import { DocumentStatus } from '@wenku/shared';
import type { Actor } from '../context.ts';

/** Statuses the public never sees: disabled, pending review, rejected (moredoc hid them only in the UI). */
export const HIDDEN_STATUSES: readonly number[] = [
  DocumentStatus.Disabled,
  DocumentStatus.PendingReview,
  DocumentStatus.ReviewRejected,
];

export const isDocumentAdmin = (actor: Actor | null, identity = 'GRPC /api.v1.DocumentAPI/ListDocument') =>
  !!actor && (actor.isRoot || actor.identities.has(identity));

/** Owner or document administrator: sees every status, the conversion error and the real counters. */
export const canManageDocument = (actor: Actor | null, doc: Pick<IDocument, 'userId'>) =>
  !!actor && (actor.user.id === doc.userId || isDocumentAdmin(actor));

export const isVisibleTo = (actor: Actor | null, doc: Pick<IDocument, 'userId' | 'status' | 'deletedAt'>) =>
  !doc.deletedAt && (!HIDDEN_STATUSES.includes(doc.status) || canManageDocument(actor, doc));
