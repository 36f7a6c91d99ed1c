import { Attachment, CreditLog, Document, DocumentCategory, DocumentScore, type IDocument } from '@wenku/db';
import { DEFAULT_CREDIT_NAME, DocumentStatus } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { changeCredits } from '../credits/credits.service.ts';
import { addDynamic, DynamicType } from '../dynamics/dynamic.service.ts';
import { conflict, forbidden, invalid, notFound } from '../errors.ts';
import { punishmentReason } from '../moderation/punishment.service.ts';
import { requireActor } from '../permissions.ts';
import { canManageDocument, HIDDEN_STATUSES, isDocumentAdmin } from '../policies/document-visibility.ts';
import { kickSearchIndexer, touchSearchIndex } from '../search/indexer.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { changesReviewedContent } from './document.policy.ts';
import { enqueueConversion, getDocument, uploadRights } from './document.service.ts';

const ADMIN_UPDATE = 'DocumentAPI.UpdateDocument';
const ADMIN_CHECK = 'DocumentAPI.CheckDocument';
const ADMIN_DELETE = 'DocumentAPI.DeleteDocument';

async function categoryIdsOf(em: DomainContext['em'], documentIds: number[]) {
  if (documentIds.length === 0) return new Map<number, number[]>();
  const links = await em.find(DocumentCategory, { documentId: { $in: documentIds } });
  const map = new Map<number, number[]>();
  for (const l of links) map.set(l.documentId, [...(map.get(l.documentId) ?? []), l.categoryId]);
  return map;
}

/** Adds `delta` to categories' doc_count per occurrence (a category listed twice moves twice). */
async function moveCounts(em: DomainContext['em'], ids: number[], delta: number) {
  for (const id of ids)
    await em.execute('update category set doc_count = greatest(0, doc_count + ?) where id = ?', [delta, id]);
}

/**
 * Edits a document (moredoc-facts §6.6): the owner may change title, keywords, description, price, language and
 * categories; an administrator also enable (2) / disable (4). Category counts follow every change. An owner barred
 * from uploading cannot edit, and an owner whose uploads wait for review sends a public document back to review
 * (hidden until approved) by changing what a reviewer judged. Throws NOT_FOUND, FORBIDDEN.
 */
export async function updateDocument(
  ctx: DomainContext,
  input: {
    id: number;
    title?: string;
    keywords?: string;
    description?: string;
    price?: number;
    is_vip?: boolean;
    language?: string;
    category_id?: number[];
    status?: number;
  },
) {
  const queued = await ctx.em.transactional(async (em) => {
    const doc = await em.findOne(Document, { id: input.id, deletedAt: null });
    if (!doc || !canManageDocument(ctx.actor, doc)) throw notFound('documents.not_found_or_forbidden');
    const admin = isDocumentAdmin(ctx.actor, ADMIN_UPDATE) || !!ctx.actor?.isRoot;
    const categoriesBefore = (await categoryIdsOf(em, [doc.id])).get(doc.id) ?? [];
    // MOREDOC's edit form sends the status back unchanged with every save: only a different one is a status change
    // (judged against the status before this edit, which may send the document back to review below).
    const statusChange = input.status !== undefined && input.status !== doc.status ? input.status : undefined;
    if (!admin) {
      // The owner's edit is an upload of new content: the same punishment and the same review apply.
      const rights = await uploadRights({ ...ctx, em }, requireActor(ctx));
      if (rights.punished) throw forbidden(punishmentReason(rights.punished));
      const review =
        !rights.skipReview &&
        !isDocumentAdmin(ctx.actor, ADMIN_CHECK) &&
        !HIDDEN_STATUSES.includes(doc.status) &&
        changesReviewedContent(doc, categoriesBefore, input);
      if (review) doc.status = DocumentStatus.PendingReview;
    }
    for (const f of ['title', 'keywords', 'description', 'price', 'language'] as const) {
      if (input[f] !== undefined) (doc as Record<string, unknown>)[f] = input[f];
    }
    if (input.is_vip !== undefined) doc.isVip = input.is_vip;
    if (statusChange !== undefined) {
      if (!admin) throw forbidden('documents.enable_admin_only');
      if (statusChange === DocumentStatus.Disabled) doc.status = DocumentStatus.Disabled;
      else if (statusChange === DocumentStatus.Converted)
        doc.status = doc.pages > 0 ? DocumentStatus.Converted : DocumentStatus.Pending;
      else throw invalid('documents.only_enable_or_disable', 'status');
    }
    if (input.category_id) {
      await em.nativeDelete(DocumentCategory, { documentId: doc.id });
      for (const categoryId of new Set(input.category_id))
        em.create(DocumentCategory, { documentId: doc.id, categoryId });
      await moveCounts(em, categoriesBefore, -1);
      await moveCounts(em, [...new Set(input.category_id)], 1);
    }
    await em.flush();
    await touchSearchIndex(em, 0, [doc.id]);
    return doc.status === DocumentStatus.Pending;
  });
  // After the commit: sending from inside the transaction would deadlock the embedded database.
  if (queued) await enqueueConversion(ctx, input.id);
  await kickSearchIndexer(ctx);
  return getDocument(ctx, { id: input.id });
}

/**
 * Review and status commands of the admin list (moredoc-facts §6.3): approve (0, queued for conversion; an edited
 * document already converted is public again at once), reject (7), back to review (6), disable (4), enable (2:
 * documents never converted are queued instead).
 */
export async function checkDocuments(ctx: DomainContext, ids: number[], status: number) {
  await ctx.em.transactional(async (em) => {
    const docs = await em.find(Document, { id: { $in: ids }, deletedAt: null });
    for (const d of docs) {
      // An edit sent back to review kept its pages: approving it needs no second conversion.
      const edited = d.status === DocumentStatus.PendingReview && d.pages > 0;
      if (status === DocumentStatus.Pending && edited) d.status = DocumentStatus.Converted;
      else d.status = status === DocumentStatus.Converted && d.pages === 0 ? DocumentStatus.Pending : status;
    }
    await em.flush();
    await touchSearchIndex(em, 0, ids);
  });
  for (const id of ids) await enqueueConversion(ctx, id);
  await kickSearchIndexer(ctx);
}

/** Recommend (1: set if not yet), bump (2: always now) or clear (0) (moredoc-facts §6.6). */
export async function recommendDocuments(ctx: DomainContext, ids: number[], type: number) {
  if (type === 0) await ctx.em.nativeUpdate(Document, { id: { $in: ids } }, { recommendAt: null });
  else if (type === 1)
    await ctx.em.nativeUpdate(Document, { id: { $in: ids }, recommendAt: null }, { recommendAt: new Date() });
  else await ctx.em.nativeUpdate(Document, { id: { $in: ids } }, { recommendAt: new Date() });
}

/** Queues failed documents again; with ids, those documents whatever their status (admin "重新转换"). */
export async function reconvertDocuments(ctx: DomainContext, ids?: number[]) {
  const where = ids?.length
    ? { id: { $in: ids }, deletedAt: null }
    : { status: DocumentStatus.Failed, deletedAt: null };
  const docs = await ctx.em.find(Document, where, { fields: ['id'] });
  await ctx.em.nativeUpdate(
    Document,
    { id: { $in: docs.map((d) => d.id) } },
    { status: DocumentStatus.Reconvert, convertError: '' },
  );
  await touchSearchIndex(
    ctx.em,
    0,
    docs.map((d) => d.id),
  );
  for (const d of docs) await enqueueConversion(ctx, d.id);
  return { count: docs.length };
}

export async function setDocumentsCategory(ctx: DomainContext, documentIds: number[], categoryIds: number[]) {
  for (const id of documentIds) await updateDocument(ctx, { id, category_id: categoryIds });
}

/** Sets documents' languages, each its own (MOREDOC Pro) or one for all (MOREDOC), in one transaction. */
export async function setDocumentsLanguage(ctx: DomainContext, items: readonly { id: number; language: string }[]) {
  const byLanguage = new Map<string, number[]>();
  for (const { id, language } of items) byLanguage.set(language, [...(byLanguage.get(language) ?? []), id]);
  await ctx.em.transactional(async (em) => {
    for (const [language, ids] of byLanguage) await em.nativeUpdate(Document, { id: { $in: ids } }, { language });
    await touchSearchIndex(
      em,
      0,
      items.map((i) => i.id),
    );
  });
  await kickSearchIndexer(ctx);
}

/**
 * Moves documents to the recycle bin (moredoc-facts §6.8): the owner their own, an administrator any. Counters drop
 * and the uploader loses `score.delete_document` credits through the ledger (once per document, never refunded).
 * Throws NOT_FOUND.
 */
export async function deleteDocuments(ctx: DomainContext, ids: number[]) {
  const s = await loadSettings(ctx);
  const penalty = Math.abs(Math.trunc(s.num('score.delete_document')));
  await ctx.em.transactional(async (em) => {
    const docs = await em.find(Document, { id: { $in: ids }, deletedAt: null });
    const allowed = isDocumentAdmin(ctx.actor, ADMIN_DELETE) || !!ctx.actor?.isRoot;
    if (docs.length !== new Set(ids).size || (!allowed && docs.some((d) => d.userId !== ctx.actor?.user.id))) {
      throw notFound('documents.not_found_or_delete_forbidden');
    }
    const cats = await categoryIdsOf(
      em,
      docs.map((d) => d.id),
    );
    for (const d of docs) {
      d.deletedAt = new Date();
      d.deletedUserId = ctx.actor?.user.id ?? 0;
      await moveCounts(em, cats.get(d.id) ?? [], -1);
      await em.execute('update "user" set doc_count = greatest(0, doc_count - 1) where id = ?', [d.userId]);
      // Deleted, restored and deleted again: the deduction is booked once (the ledger's unique reason + ref).
      const refKey = `document:${d.id}`;
      const charged = penalty > 0 && !(await em.count(CreditLog, { reason: 'delete_document', refKey }));
      if (charged) await changeCredits(em, { userId: d.userId, delta: -penalty, reason: 'delete_document', refKey });
      await addDynamic(em, d.userId, DynamicType.DeleteDocument, {
        kind: 'delete_document',
        title: d.title,
        ...(charged ? { penalty, credit: s.str('score.credit_name') || DEFAULT_CREDIT_NAME } : {}),
      });
    }
    await em.flush();
    // Out of the public index in this transaction.
    await touchSearchIndex(
      em,
      0,
      docs.map((d) => d.id),
    );
  });
}

/** Restores documents from the recycle bin; counters come back, credits do not (moredoc-facts §6.8). */
export async function restoreDocuments(ctx: DomainContext, ids: number[]) {
  await ctx.em.transactional(async (em) => {
    const docs = await em.find(Document, { id: { $in: ids }, deletedAt: { $ne: null } });
    const cats = await categoryIdsOf(
      em,
      docs.map((d) => d.id),
    );
    for (const d of docs) {
      d.deletedAt = null;
      d.deletedUserId = 0;
      await moveCounts(em, cats.get(d.id) ?? [], 1);
      await em.execute('update "user" set doc_count = doc_count + 1 where id = ?', [d.userId]);
    }
    await em.flush();
    await touchSearchIndex(
      em,
      0,
      docs.map((d) => d.id),
    );
  });
  await kickSearchIndexer(ctx);
}

/** Deletes documents in the recycle bin for good (all of it without ids); their files go with their attachments. */
export async function purgeDocuments(ctx: DomainContext, ids?: number[]) {
  await ctx.em.transactional(async (em) => {
    const docs: IDocument[] = await em.find(Document, {
      deletedAt: { $ne: null },
      ...(ids?.length ? { id: { $in: ids } } : {}),
    });
    if (docs.length === 0) return;
    const docIds = docs.map((d) => d.id);
    await em.nativeDelete(DocumentCategory, { documentId: { $in: docIds } });
    await em.nativeUpdate(Attachment, { id: { $in: docs.map((d) => d.attachmentId) } }, { deletedAt: new Date() });
    await em.nativeDelete(Document, { id: { $in: docIds } });
    await touchSearchIndex(em, 0, docIds);
  });
}

/**
 * Rates a document once (moredoc-facts §6.9) with a correct average (rounded, not integer-divided).
 * Throws NOT_FOUND, CONFLICT.
 */
export async function rateDocument(ctx: DomainContext, documentId: number, score: number) {
  if (!ctx.actor) throw forbidden('auth.login_required');
  const userId = ctx.actor.user.id;
  await ctx.em.transactional(async (em) => {
    const doc = await em.findOne(Document, { id: documentId, deletedAt: null });
    if (!doc) throw notFound('documents.not_found');
    if (await em.count(DocumentScore, { documentId, userId })) throw conflict('documents.already_rated');
    em.create(DocumentScore, { documentId, userId, score });
    await em.flush();
    await em.execute(
      `update document set score_count = s.n, score = s.avg from
        (select count(*)::int n, round(avg(score))::int avg from document_score where document_id = ?) s where id = ?`,
      [documentId, documentId],
    );
  });
  return { score };
}

export async function myDocumentScore(ctx: DomainContext, documentId: number) {
  if (!ctx.actor) return { score: 0 };
  const row = await ctx.em.findOne(DocumentScore, { documentId, userId: ctx.actor.user.id });
  return { score: row?.score ?? 0 };
}
