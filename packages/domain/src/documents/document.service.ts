import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { EMPTY, ENCRYPTED, MISMATCH, SUPPORTED_DOCUMENT_EXTENSIONS, sniffDocument } from '@wenku/converter';
import {
  Attachment,
  AttachmentContent,
  Category,
  CreditLog,
  Document,
  DocumentCategory,
  Group,
  type IAttachment,
  type IDocument,
  User,
} from '@wenku/db';
import {
  AttachmentType,
  assertStorableInput,
  type CreateDocumentsInput,
  DEFAULT_CREDIT_NAME,
  DocumentStatus,
  FILE_KINDS,
  fileExtension,
  type PlainReasonKey,
  PunishmentType,
} from '@wenku/shared';
import { categoryChains } from '../catalogue/category.service.ts';
import { startOfToday } from '../clock.ts';
import type { Actor, DomainContext } from '../context.ts';
import { changeCredits, lockMember } from '../credits/credits.service.ts';
import { addDynamic, DynamicType } from '../dynamics/dynamic.service.ts';
import { conflict, forbidden, invalid, isDomainError, notFound } from '../errors.ts';
import { activePunishment, punishmentReason } from '../moderation/punishment.service.ts';
import { requireActor } from '../permissions.ts';
import { canManageDocument, isDocumentAdmin, isVisibleTo } from '../policies/document-visibility.ts';
import { escapeLike, type ListQuery, parseOrder } from '../presenter.ts';
import { similarItems } from '../search/related.service.ts';
import { jieba } from '../search/segmenter.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { hashedKey, md5Of, readFileRange } from '../storage/storage.ts';
import { usernamesByIds } from '../usernames.ts';
import { presentPublicUser } from '../users/user.presenter.ts';
import { presentDocument } from './document.presenter.ts';
import { enqueueFingerprint, nearDuplicates } from './duplicate.service.ts';
import { findLibraryFile, issueFileChallenge, spendFileChallenge } from './file-proof.service.ts';
import type { PageAccess } from './page-access.cache.ts';

export const CONVERT_QUEUE = 'convert-document';

/** Keywords from a title when none are given: jieba search-mode words of 2+ characters (moredoc-facts §6.2). */
export function keywordsFromTitle(title: string): string {
  const words = jieba()
    .cutForSearch(title, true)
    .map((w) => w.trim())
    .filter((w) => [...w].length >= 2 && !/^[\p{P}\p{S}\d]+$/u.test(w));
  return [...new Set(words)].slice(0, 10).join(',');
}

/** Public id of a document: 16 lower-case hex characters (moredoc-facts §1). */
const newUuid = () => randomBytes(8).toString('hex');

/**
 * Whether the caller's groups let them upload, and whether their uploads (and edits) skip review (moredoc-facts §7.6).
 */
export async function uploadRights(ctx: DomainContext, actor: Actor) {
  if (actor.isRoot) return { canUpload: true, skipReview: true };
  const punished = await activePunishment(ctx.em, actor.user.id, [
    PunishmentType.DisableAccount,
    PunishmentType.NoUpload,
  ]);
  if (punished) return { canUpload: false, skipReview: false, punished };
  const groups = actor.groupIds.length ? await ctx.em.find(Group, { id: { $in: [...actor.groupIds] } }) : [];
  return {
    canUpload: groups.some((g) => g.enableUpload),
    skipReview: groups.some((g) => !g.enableDocumentReview),
  };
}

const md5File = (path: string) => md5Of(createReadStream(path));

/** The first bytes of a file (enough for format sniffing). */
export const readHead = (path: string, bytes = 4100): Promise<Buffer> => readFileRange(path, 0, bytes);

/** The original file of a document in storage. */
export const documentFileKey = (hash: string, ext: string) => hashedKey('documents', hash, ext);

/** The folder of a file's previews and cover, shared by every document with that hash. */
export const previewDir = (hash: string) => hashedKey('previews', hash, '');

/**
 * What a member may send before the first byte of a document file (ARCHITECTURE.md rule 16): the upload right, the
 * extension when the name is known, the size when it is declared. Returns the size cap, which the transports enforce
 * as bytes arrive. Throws UNAUTHENTICATED, FORBIDDEN, VALIDATION_FAILED.
 */
export async function admitDocumentUpload(ctx: DomainContext, declared: { name?: string; size?: number } = {}) {
  const actor = requireActor(ctx);
  const rights = await uploadRights(ctx, actor);
  if (rights.punished) throw forbidden(punishmentReason(rights.punished));
  if (!rights.canUpload) throw forbidden('documents.upload_forbidden');
  const s = await loadSettings(ctx);
  if (declared.name !== undefined) {
    // Plain upload and tus both come here: a name PostgreSQL cannot store is refused before anything is kept.
    assertStorableInput({ file: declared.name });
    const ext = fileExtension(declared.name);
    const allowed = s.list('security.document_allowed_ext').map((e) => e.replace(/^\./, ''));
    if (!SUPPORTED_DOCUMENT_EXTENSIONS.includes(ext) || (allowed.length > 0 && !allowed.includes(ext))) {
      throw invalid('documents.unsupported_type', 'file');
    }
  }
  const maxMb = s.num('security.max_document_size', 50) > 0 ? s.num('security.max_document_size', 50) : 50;
  const maxBytes = maxMb * 1024 * 1024;
  if ((declared.size ?? 0) > maxBytes) throw invalid({ key: 'documents.too_large', params: { mb: maxMb } }, 'file');
  return { actor, maxMb, maxBytes };
}

/**
 * With `security.disable_upload_exist_document` a file the library already holds (a live document has it) is
 * refused, whoever uploaded it. Throws CONFLICT.
 */
async function refuseExistingFile(ctx: DomainContext, hash: string, name: string, em = ctx.em) {
  const s = await loadSettings(ctx);
  if (!s.bool('security.disable_upload_exist_document')) return;
  if (await libraryHoldsFile(em, hash)) throw conflict({ key: 'documents.exists', params: { name: name } });
}

/** Whether a live document (older than `before`, when given) already has this file (the same MD5). */
const libraryHoldsFile = async (em: DomainContext['em'], hash: string, before?: number) =>
  (await em.count(Document, { hash, deletedAt: null, ...(before ? { id: { $lt: before } } : {}) })) > 0;

/** The converter's verdicts on a file's first bytes, as reasons. */
const SNIFF_REASONS: Record<string, PlainReasonKey> = {
  [MISMATCH]: 'documents.content_mismatch',
  [ENCRYPTED]: 'documents.encrypted',
  [EMPTY]: 'documents.empty_file',
};

/**
 * Step 1 of an upload (moredoc-facts §6.1), enforced on the server: upload right, allowed extension, size limit,
 * bytes matching the extension, files marked illegal, files the library holds when duplicates are refused. The
 * temporary file is always removed; nothing is left behind on refusal. Returns the new attachment. Throws
 * UNAUTHENTICATED, FORBIDDEN, VALIDATION_FAILED, CONFLICT.
 */
export async function uploadDocumentFile(ctx: DomainContext, file: { path: string; originalname: string }) {
  try {
    const { size } = await stat(file.path);
    const { actor } = await admitDocumentUpload(ctx, { name: file.originalname, size });
    const ext = fileExtension(file.originalname);
    const reason = await sniffDocument(await readHead(file.path), ext, () => readFile(file.path));
    if (reason) throw invalid(SNIFF_REASONS[reason] ?? 'documents.content_mismatch', 'file');
    const hash = await md5File(file.path);
    if (await ctx.em.count(Attachment, { hash, enable: false })) throw forbidden('attachments.file_illegal');
    await refuseExistingFile(ctx, hash, file.originalname);
    const key = documentFileKey(hash, `.${ext}`);
    if (!(await ctx.runtime.storage.exists(key))) await ctx.runtime.storage.putFile(key, file.path);
    const attachment = ctx.em.create(Attachment, {
      hash,
      userId: actor.user.id,
      type: AttachmentType.Document,
      path: `/${key}`,
      name: file.originalname.slice(0, 255),
      size,
      ext: `.${ext}`,
      ip: ctx.ip,
    });
    await ctx.em.flush();
    return { id: attachment.id, hash, name: attachment.name, size, ext: attachment.ext, path: attachment.path };
  } finally {
    await rm(file.path, { force: true });
  }
}

/**
 * `GET /document/exist` (moredoc-pro-facts §2.7): answers when the library holds a file with this MD5, NOT_FOUND
 * otherwise (moredoc's clients read any other status than 200 as absent). Illegal files count as absent.
 */
export async function documentFileExists(ctx: DomainContext, hash: string): Promise<{ exists: true }> {
  try {
    await findLibraryFile(ctx, hash);
  } catch (e) {
    if (isDomainError(e) && e.code === 'FORBIDDEN') throw notFound('documents.file_not_in_library');
    throw e;
  }
  return { exists: true };
}

/**
 * Step 0 of an instant upload: a proof-of-possession challenge for a file the library holds (file-proof.service.ts).
 * Needs the upload right; refused with CONFLICT when duplicates are refused and a document has the file. `name` (the
 * member's file name) is for the message only. Throws FORBIDDEN, CONFLICT, NOT_FOUND, RATE_LIMITED.
 */
export async function createFileChallenge(ctx: DomainContext, input: { hash: string; name?: string }) {
  const { actor } = await admitDocumentUpload(ctx);
  await refuseExistingFile(ctx, input.hash, input.name || input.hash);
  return issueFileChallenge(ctx, actor, input.hash);
}

/** All ancestors of the chosen categories, so a document sits in the whole path (moredoc-facts §2.2). */
async function categoryPath(ctx: DomainContext, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const all = await ctx.em.find(Category, { type: 0 });
  const byId = new Map(all.map((c) => [c.id, c]));
  const out = new Set<number>();
  for (const id of ids) {
    let c = byId.get(id);
    if (!c) throw invalid('catalogue.category_not_found', 'category_id');
    for (let depth = 0; c && depth < 50; depth++) {
      out.add(c.id);
      c = c.parentId ? byId.get(c.parentId) : undefined;
    }
  }
  return [...out];
}

/** Adds `delta` to the doc_count of categories, in SQL (never read-modify-write). */
async function bumpCategories(em: DomainContext['em'], ids: number[], delta: number) {
  if (ids.length === 0 || delta === 0) return;
  await em.execute(
    `update category set doc_count = greatest(0, doc_count + ?) where id in (${ids.map(() => '?').join(',')})`,
    [delta, ...ids],
  );
}

/**
 * Step 2 of an upload (moredoc-facts §6.2): creates the documents of the caller's uploaded files (or, for an instant
 * upload, of a file the library already holds), links them to the whole category path, keeps the counters exact and
 * awards upload credits within the daily limit through the ledger, for files new to the library only. An instant
 * upload needs the member's own earlier upload of the file or a proof of possession (file-proof.service.ts). New
 * documents go to review (6) unless a group of the uploader skips review (0, queued for conversion). Throws
 * FORBIDDEN, VALIDATION_FAILED, NOT_FOUND, CONFLICT.
 */
export async function createDocuments(ctx: DomainContext, input: CreateDocumentsInput) {
  const actor = requireActor(ctx);
  const rights = await uploadRights(ctx, actor);
  if (rights.punished) throw forbidden(punishmentReason(rights.punished));
  if (!rights.canUpload) throw forbidden('documents.upload_forbidden');
  const s = await loadSettings(ctx);
  const vipEnabled = s.bool('vip.enable');
  const refuseDuplicates = s.bool('security.disable_upload_exist_document');
  const award = Math.max(0, Math.trunc(s.num('score.upload_document')));
  const limit = Math.max(0, Math.trunc(s.num('score.upload_document_limit')));
  const status = rights.skipReview ? DocumentStatus.Pending : DocumentStatus.PendingReview;
  const categories = await categoryPath(ctx, input.category_id);

  // Instant uploads, resolved before the transaction (which must not touch another connection): the member's own
  // earlier upload of the file, or the library's copy once a proof of possession is spent.
  const sources = new Map<number, IAttachment>();
  for (const [i, item] of input.document.entries()) {
    if (item.attachment_id || !item.hash) continue;
    const own = await ctx.em.findOne(
      Attachment,
      { hash: item.hash, userId: actor.user.id, type: AttachmentType.Document, enable: true, deletedAt: null },
      { orderBy: { id: 'asc' } },
    );
    if (own) {
      sources.set(i, own);
      continue;
    }
    const { attachment } = await findLibraryFile(ctx, item.hash);
    await spendFileChallenge(ctx.em, actor, { ...item, hash: item.hash });
    sources.set(i, attachment);
  }

  const created = await ctx.em.transactional(async (em) => {
    // One member's credit operations run one at a time (uploads and downloads in parallel tabs).
    await lockMember(em, actor.user.id);
    const docs: IDocument[] = [];
    for (const [i, item] of input.document.entries()) {
      const source = sources.get(i);
      const attachment = source
        ? em.create(Attachment, {
            hash: source.hash,
            userId: actor.user.id,
            type: AttachmentType.Document,
            path: source.path,
            name: `${item.title}${source.ext}`.slice(0, 255),
            size: source.size,
            ext: source.ext,
            ip: ctx.ip,
          })
        : await em.findOne(Attachment, {
            id: item.attachment_id,
            userId: actor.user.id,
            type: AttachmentType.Document,
            deletedAt: null,
          });
      if (!attachment) throw invalid('documents.attachment_id_invalid', 'attachment_id');
      if (source) await em.flush();
      if (!attachment.enable) throw forbidden('attachments.file_illegal');
      if (refuseDuplicates && (await libraryHoldsFile(em, attachment.hash))) {
        throw conflict({ key: 'documents.exists', params: { name: item.title } });
      }
      const doc = em.create(Document, {
        uuid: newUuid(),
        title: item.title,
        keywords: item.keywords || keywordsFromTitle(item.title),
        description: [...item.description].slice(0, 512).join(''),
        userId: actor.user.id,
        attachmentId: attachment.id,
        hash: attachment.hash,
        size: attachment.size,
        ext: attachment.ext,
        price: item.price,
        isVip: item.is_vip && vipEnabled,
        language: item.language,
        status,
        previewExt: `.${s.str('converter.extension', 'webp') || 'webp'}`,
      });
      await em.flush();
      attachment.typeId = doc.id;
      for (const categoryId of categories) em.create(DocumentCategory, { documentId: doc.id, categoryId });
      docs.push(doc);
    }
    await em.flush();
    await bumpCategories(em, categories, docs.length);
    await em.execute('update "user" set doc_count = doc_count + ? where id = ?', [docs.length, actor.user.id]);
    const rewarded = new Set<number>();
    if (award > 0 && limit > 0) {
      const rewardedToday = await em.count(CreditLog, {
        userId: actor.user.id,
        reason: 'upload_document',
        createdAt: { $gte: startOfToday() },
      });
      // The award pays for adding a file to the library: none for a file an earlier document already has.
      const newFiles: IDocument[] = [];
      for (const doc of docs) if (!(await libraryHoldsFile(em, doc.hash, doc.id))) newFiles.push(doc);
      for (const doc of newFiles.slice(0, Math.max(0, limit - rewardedToday))) {
        await changeCredits(em, {
          userId: actor.user.id,
          delta: award,
          reason: 'upload_document',
          refKey: `document:${doc.id}`,
        });
        rewarded.add(doc.id);
      }
    }
    const credit = s.str('score.credit_name') || DEFAULT_CREDIT_NAME;
    for (const doc of docs)
      await addDynamic(
        em,
        actor.user.id,
        DynamicType.Upload,
        {
          kind: 'upload',
          target: 'document',
          ref: doc.uuid,
          title: doc.title,
          ...(rewarded.has(doc.id) ? { award, credit } : {}),
        },
        doc.id,
      );
    return docs;
  });
  if (status === DocumentStatus.Pending) for (const d of created) await enqueueConversion(ctx, d.id);
  else for (const d of created) await enqueueFingerprint(ctx, d.id);
  const username = actor.user.username;
  const display = await displayFlags(ctx);
  return {
    document: created.map((d) => presentDocument(d, { username, categoryIds: categories, privileged: true, display })),
  };
}

/**
 * Publishes a crawled file as a document of `userId` (moredoc-pro-facts §9.2): the member's attachment row points at
 * the stored file, the document sits in the whole category path with its source URL, skips review (an administrator
 * chose it) and is queued for the normal conversion. No upload credits are paid: the member did not upload it.
 * Throws VALIDATION_FAILED (category).
 */
export async function createDocumentFromCrawl(
  ctx: DomainContext,
  input: {
    userId: number;
    title: string;
    categoryIds: number[];
    price: number;
    language: string;
    source: string;
    file: { hash: string; path: string; size: number; ext: string; name: string };
  },
): Promise<IDocument> {
  const s = await loadSettings(ctx);
  const categories = await categoryPath(ctx, input.categoryIds);
  const doc = await ctx.em.transactional(async (em) => {
    const attachment = em.create(Attachment, {
      hash: input.file.hash,
      userId: input.userId,
      type: AttachmentType.Document,
      path: input.file.path,
      name: input.file.name.slice(0, 255),
      size: input.file.size,
      ext: input.file.ext,
      ip: ctx.ip,
    });
    await em.flush();
    const d = em.create(Document, {
      uuid: newUuid(),
      title: input.title,
      keywords: keywordsFromTitle(input.title),
      userId: input.userId,
      attachmentId: attachment.id,
      hash: input.file.hash,
      size: input.file.size,
      ext: input.file.ext,
      price: input.price,
      language: input.language,
      source: input.source.slice(0, 1024),
      status: DocumentStatus.Pending,
      previewExt: `.${s.str('converter.extension', 'webp') || 'webp'}`,
    });
    await em.flush();
    attachment.typeId = d.id;
    for (const categoryId of categories) em.create(DocumentCategory, { documentId: d.id, categoryId });
    await em.flush();
    await bumpCategories(em, categories, 1);
    await em.execute('update "user" set doc_count = doc_count + 1 where id = ?', [input.userId]);
    await addDynamic(
      em,
      input.userId,
      DynamicType.Upload,
      { kind: 'upload', target: 'document', ref: d.uuid, title: d.title },
      d.id,
    );
    return d;
  });
  await enqueueConversion(ctx, doc.id);
  return doc;
}

/** Queues a conversion; a missing queue or a failed send is caught up by the worker's sweep. */
export async function enqueueConversion(ctx: DomainContext, documentId: number) {
  try {
    await ctx.runtime.queue?.send(CONVERT_QUEUE, { documentId }, { singletonKey: `doc:${documentId}` });
  } catch (e) {
    console.error('enqueue conversion', documentId, e);
  }
}

async function displayFlags(ctx: DomainContext) {
  const s = await loadSettings(ctx);
  return {
    download: s.bool('display.show_document_download_count', true),
    view: s.bool('display.show_document_view_count', true),
    favorite: s.bool('display.show_document_favorite_count', true),
  };
}

async function extrasFor(ctx: DomainContext, docs: IDocument[]) {
  const ids = docs.map((d) => d.id);
  const links = ids.length ? await ctx.em.find(DocumentCategory, { documentId: { $in: ids } }) : [];
  const names = await usernamesByIds(
    ctx.em,
    docs.map((d) => d.userId),
  );
  const cats = new Map<number, number[]>();
  for (const l of links) cats.set(l.documentId, [...(cats.get(l.documentId) ?? []), l.categoryId]);
  return { names, cats, chains: await categoryChains(ctx.em, cats) };
}

/**
 * One document by id or uuid (moredoc-facts §6.5). Hidden statuses and the recycle bin are visible to the owner and
 * administrators only; `with_author` (the reading page) counts a view. Throws NOT_FOUND.
 */
export async function getDocument(
  ctx: DomainContext,
  input: { id?: number; uuid?: string; with_author?: boolean; with_all_content?: boolean },
) {
  if (!input.id && !input.uuid) throw invalid('documents.id_required', 'id');
  // By id first, as MOREDOC: its reading page sends the URL part as both id and uuid (`/document/12` and links from
  // the back office use numeric ids); a uuid that happens to be all digits is then found by uuid.
  const doc =
    (input.id ? await ctx.em.findOne(Document, { id: input.id }) : null) ??
    (input.uuid ? await ctx.em.findOne(Document, { uuid: input.uuid }) : null);
  if (!doc || !isVisibleTo(ctx.actor, doc)) throw notFound('documents.not_found');
  // One view per visit of the reading page, counted in SQL so parallel visits all count. The loaded row is left as
  // it is: changed, it would be written back (stale count, new updated_at) by the next flush of this entity manager.
  const [counted] = input.with_author
    ? await ctx.em.execute<{ view_count: number }[]>(
        'update document set view_count = view_count + 1 where id = ? returning view_count',
        [doc.id],
      )
    : [];
  const { names, cats, chains } = await extrasFor(ctx, [doc]);
  const content = await ctx.em.findOne(AttachmentContent, { hash: doc.hash });
  const text = content?.content ?? '';
  const uploader = input.with_author ? await ctx.em.findOne(User, { id: doc.userId }) : null;
  const review = isDocumentAdmin(ctx.actor)
    ? { duplicateOf: (await nearDuplicates(ctx.em, [doc.id])).get(doc.id) ?? null }
    : undefined;
  return presentDocument(doc, {
    username: names.get(doc.userId),
    categoryIds: cats.get(doc.id) ?? [],
    categories: chains.get(doc.id) ?? [],
    user: uploader ? presentPublicUser(uploader) : undefined,
    review,
    viewCount: counted?.view_count,
    privileged: canManageDocument(ctx.actor, doc),
    display: await displayFlags(ctx),
    content: input.with_all_content && canManageDocument(ctx.actor, doc) ? text : [...text].slice(0, 8192).join(''),
  });
}

const SORTABLE = [
  'id',
  'view_count',
  'download_count',
  'favorite_count',
  'score',
  'pages',
  'price',
  'size',
  'created_at',
  'recommend_at',
  'updated_at',
];

/**
 * Document lists (moredoc-facts §6.11): administrators and members listing their own documents see every status;
 * everyone else sees converted documents only, at most 50 a page (moredoc showed 0–3, including unconverted ones).
 */
export async function listDocuments(
  ctx: DomainContext,
  input: ListQuery & {
    category_id?: number[];
    user_id?: number[];
    status?: number[];
    is_recommend?: boolean[];
    ext?: string;
    fee_type?: 'free' | 'charge' | 'vip';
    is_vip?: boolean;
    language?: string[];
    is_deleted?: boolean;
  },
) {
  const own = !!ctx.actor && input.user_id?.length === 1 && input.user_id[0] === ctx.actor.user.id;
  // The recycle bin is its own permission: its holders see deleted documents even without the document list.
  const admin = input.is_deleted
    ? isDocumentAdmin(ctx.actor, 'RecycleAPI.ListRecycleDocument')
    : isDocumentAdmin(ctx.actor);
  const privileged = admin || own;
  const where: Record<string, unknown> = { deletedAt: admin && input.is_deleted ? { $ne: null } : null };
  if (privileged) {
    if (input.status?.length) where.status = { $in: input.status };
  } else {
    where.status = DocumentStatus.Converted;
  }
  const size = privileged ? input.size : Math.min(input.size, 50);
  if (input.user_id?.length) where.userId = { $in: input.user_id };
  if (input.category_id?.length) {
    const links = await ctx.em
      .getConnection()
      .execute<{ document_id: number }[]>(
        `select distinct document_id from document_category where category_id in (${input.category_id.map(() => '?').join(',')})`,
        input.category_id,
      );
    where.id = { $in: links.map((l) => l.document_id) };
  }
  if (input.is_recommend?.length === 1) where.recommendAt = input.is_recommend[0] ? { $ne: null } : null;
  if (input.ext) {
    const group = (FILE_KINDS as Record<string, readonly string[]>)[input.ext] ?? [input.ext.replace(/^\./, '')];
    where.ext = { $in: group.map((e) => `.${e}`) };
  }
  if (input.fee_type === 'vip') where.isVip = true;
  else if (input.fee_type) where.price = input.fee_type === 'free' ? 0 : { $gt: 0 };
  if (input.is_vip !== undefined) where.isVip = input.is_vip;
  if (input.language?.length) where.language = { $in: input.language };
  if (input.wd) {
    const like = `%${escapeLike(input.wd)}%`;
    where.$or = [{ title: { $ilike: like } }, { keywords: { $ilike: like } }, { description: { $ilike: like } }];
  }
  const defaultOrder: Record<string, 'asc' | 'desc'> = input.is_recommend?.[0]
    ? { recommendAt: 'desc', id: 'desc' }
    : { id: 'desc' };
  const [docs, total] = await ctx.em.findAndCount(Document, where, {
    orderBy: parseOrder(input.order, SORTABLE, defaultOrder),
    limit: size,
    offset: (input.page - 1) * size,
  });
  const { names, cats, chains } = await extrasFor(ctx, docs);
  const deleters = input.is_deleted
    ? await usernamesByIds(
        ctx.em,
        docs.map((d) => d.deletedUserId),
      )
    : new Map<number, string>();
  const display = await displayFlags(ctx);
  // Reviewers see which documents likely repeat an older one (issue 18: text fingerprint).
  const duplicates = admin
    ? await nearDuplicates(
        ctx.em,
        docs.map((d) => d.id),
      )
    : undefined;
  return {
    total,
    document: docs.map((d) =>
      presentDocument(d, {
        username: names.get(d.userId),
        deletedUsername: deleters.get(d.deletedUserId),
        categoryIds: cats.get(d.id) ?? [],
        categories: chains.get(d.id) ?? [],
        privileged: admin || ctx.actor?.user.id === d.userId,
        display,
        review: duplicates ? { duplicateOf: duplicates.get(d.id) ?? null } : undefined,
      }),
    ),
  };
}

const RELATED_COUNT = 10;

/**
 * Related documents (moredoc-facts §6.10): public documents most alike in text, then the most downloaded of the same
 * categories and of the site, at most 10 (moredoc showed pending and disabled ones too).
 */
export async function relatedDocuments(ctx: DomainContext, id: number) {
  const doc = await ctx.em.findOne(Document, { id, deletedAt: null });
  if (!doc || !isVisibleTo(ctx.actor, doc)) throw notFound('documents.not_found');
  const s = await loadSettings(ctx);
  if (s.num('security.document_related_duration', 7) <= 0) return { document: [] };
  const [source] = await ctx.em.execute<{ text: string }[]>(
    'select substr(content, 1, 20000) as text from attachment_content where hash = ?',
    [doc.hash],
  );
  const ids = await similarItems(
    ctx.em,
    0,
    doc.id,
    [doc.title, doc.title, doc.keywords, doc.description, source?.text ?? ''].join('\n'),
  );
  // Too few alike in text: the most downloaded public documents of its categories, then of the site (issue 20: a
  // reader who finishes always has a next one).
  if (ids.length < RELATED_COUNT) {
    const more = await ctx.em.execute<{ id: number }[]>(
      `select d.id from document d
        where d.status = ? and d.deleted_at is null and d.id <> ? ${ids.length ? `and d.id not in (${ids.map(() => '?').join(',')})` : ''}
        order by exists (select 1 from document_category dc join document_category mine
                          on mine.category_id = dc.category_id and mine.document_id = ?
                          where dc.document_id = d.id) desc,
          d.download_count desc, d.view_count desc, d.id desc
        limit ?`,
      [DocumentStatus.Converted, doc.id, ...ids, doc.id, RELATED_COUNT - ids.length],
    );
    ids.push(...more.map((r) => r.id));
  }
  const docs = ids.length
    ? (await ctx.em.find(Document, { id: { $in: ids }, status: DocumentStatus.Converted, deletedAt: null })).sort(
        (a, b) => ids.indexOf(a.id) - ids.indexOf(b.id),
      )
    : [];
  const { names, cats } = await extrasFor(ctx, docs);
  const display = await displayFlags(ctx);
  return {
    document: docs.map((d) =>
      presentDocument(d, {
        username: names.get(d.userId),
        categoryIds: cats.get(d.id) ?? [],
        privileged: false,
        display,
      }),
    ),
  };
}

const HOME_FIELDS = ['description', 'price', 'size', 'view_count', 'download_count', 'score', 'created_at'] as const;

/**
 * GET /document/home (moredoc-facts §6.11): for every enabled top-level document category, its newest public
 * documents (`limit`, default 5, at most 100) with id, title, ext, uuid, pages, cover, is_vip and the requested
 * `field`s.
 */
export async function homeDocuments(ctx: DomainContext, input: { limit?: number; field?: string[] }) {
  const limit = Math.min(100, Math.max(1, input.limit ?? 5));
  const extra = HOME_FIELDS.filter((f) => input.field?.includes(f));
  const display = await displayFlags(ctx);
  const rows = await ctx.em.execute<
    { category_id: number; category_name: string; category_cover: string; docs: Record<string, unknown>[] | null }[]
  >(
    `select c.id as category_id, c.title as category_name, c.cover as category_cover,
       (select json_agg(x) from (
          select d.id, d.title, d.ext, d.uuid, d.pages, d.hash, d.preview, d.is_vip, d.description, d.price, d.size,
            d.view_count, d.download_count, d.score, d.created_at
          from document d join document_category dc on dc.document_id = d.id
          where dc.category_id = c.id and d.status = ? and d.deleted_at is null
          order by d.id desc limit ?) x) as docs
     from category c where c.type = 0 and c.parent_id = 0 and c.enable = true
     order by c.sort desc, c.id asc`,
    [DocumentStatus.Converted, limit],
  );
  return {
    document: rows.map((r) => ({
      category_id: r.category_id,
      category_name: r.category_name,
      category_cover: r.category_cover,
      document: (r.docs ?? []).map((d) => {
        const item: {
          [k: string]: string | number | boolean;
          id: number;
          title: string;
          ext: string;
          uuid: string;
          pages: number;
          cover: string;
          is_vip: boolean;
        } = {
          id: Number(d.id),
          title: String(d.title),
          ext: String(d.ext),
          uuid: String(d.uuid),
          pages: Number(d.pages),
          cover: Number(d.preview) > 0 ? `/view/cover/${d.hash}` : '',
          // The VIP corner badge of the home blocks, as on every other list.
          is_vip: d.is_vip === true,
        };
        for (const f of extra) {
          const hidden = (f === 'view_count' && !display.view) || (f === 'download_count' && !display.download);
          item[f] = hidden
            ? 0
            : f === 'size'
              ? Number(d[f])
              : f === 'created_at'
                ? new Date(String(d[f])).toISOString()
                : f === 'description'
                  ? String(d[f])
                  : Number(d[f]);
        }
        return item;
      }),
    })),
  };
}

/** Whether the caller may upload (GET /user/caniuploaddocument; the upload page asks before showing its form). */
export async function canUploadDocument(ctx: DomainContext) {
  if (!ctx.actor) return { allowed: false };
  return { allowed: (await uploadRights(ctx, ctx.actor)).canUpload };
}

interface PageDocumentRow {
  id: number;
  hash: string;
  user_id: number;
  status: number;
  preview: number;
  preview_ext: string;
  enable_gzip: boolean;
}

/**
 * The stored file of one preview page (spec §7 `/view/page/{id}/{page}{ext}`; moredoc's 32-hex file hash is accepted in
 * place of the id). Pages past the preview cap and documents the caller may not see are refused like missing ones.
 * Throws NOT_FOUND.
 */
export async function previewPageFile(ctx: DomainContext, idOrHash: string, page: number) {
  const by = /^[0-9a-f]{32}$/.test(idOrHash) ? 'hash' : /^\d+$/.test(idOrHash) ? 'id' : null;
  const cacheKey = by === 'id' ? `id:${Number(idOrHash)}` : `hash:${idOrHash}`;
  let doc: PageAccess | null = (by && ctx.runtime.pageAccess?.get(cacheKey)) || null;
  if (by && !doc) {
    // One plain query for what the check needs: this runs for every page image a reader scrolls past, and an ORM
    // findOne costs ~10× its SQL in CPU here (measured with npm run bench:scale).
    const [row] = await ctx.em.getConnection().execute<PageDocumentRow[]>(
      `select id, hash, user_id, status, preview, preview_ext, enable_gzip from document
        where ${by} = ? and deleted_at is null order by id limit 1`,
      [by === 'id' ? Number(idOrHash) : idOrHash],
    );
    doc = row
      ? {
          hash: row.hash,
          userId: row.user_id,
          status: row.status,
          deletedAt: null,
          preview: row.preview,
          previewExt: row.preview_ext,
          enableGzip: row.enable_gzip,
        }
      : null;
    // Only converted documents are kept: the state readers page through, which changes rarely (and announces it).
    if (doc?.status === DocumentStatus.Converted) ctx.runtime.pageAccess?.set(cacheKey, doc);
  }
  if (!doc || !isVisibleTo(ctx.actor, doc) || page < 1 || page > doc.preview)
    throw notFound('documents.page_not_found');
  const ext = doc.enableGzip && doc.previewExt === '.svg' ? '.gzip.svg' : doc.previewExt;
  // Whether the file is there is the sender's question: one request to the store, not two.
  const key = `${previewDir(doc.hash)}/${page}${ext}`;
  return { key, gzipSvg: ext === '.gzip.svg', public: doc.status === DocumentStatus.Converted };
}
