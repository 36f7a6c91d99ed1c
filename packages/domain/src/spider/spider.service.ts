import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ObjectQuery } from '@mikro-orm/core';
import { SUPPORTED_DOCUMENT_EXTENSIONS, sniffDocument } from '@wenku/converter';
import {
  Attachment,
  Document,
  type ISpiderDocument,
  type ISpiderUrl,
  SpiderDocument,
  SpiderUrl,
  User,
} from '@wenku/db';
import {
  AttachmentType,
  type BatchUpdateSpiderDocumentInput,
  type CreateSpiderUrlInput,
  CrawlerDocumentStatus as DocStatus,
  fileExtension,
  isPublishableStatus,
  CrawlerLinkStatus as LinkStatus,
  type ListSpiderDocumentInput,
  type ListSpiderUrlInput,
  parseSpiderCategoryPath,
  reasonText,
  SPIDER_MESSAGES,
  type SpiderDocumentDTO,
  type SpiderDocumentPatch,
  type UpdateSpiderUrlInput,
} from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { createDocumentFromCrawl, documentFileKey, readHead } from '../documents/document.service.ts';
import { forbidden, invalid, notFound } from '../errors.ts';
import { escapeLike, pageWindow, parseOrder } from '../presenter.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { DEFAULT_FETCH_POLICY, FetchError, type FetchOptions, type FetchPolicy, safeFetch } from './fetcher.ts';
import {
  cleanText,
  type DiscoveredLink,
  discoverLinks,
  dispositionFileName,
  extensionForContentType,
  titleFromFileName,
  urlFileName,
} from './links.ts';
import { type HostLimits, robotsAllows, withHostLimit } from './politeness.ts';
import { presentSpiderDocument, presentSpiderUrl } from './spider.presenter.ts';

export const SPIDER_CRAWL_QUEUE = 'spider-crawl';
export const SPIDER_DOWNLOAD_QUEUE = 'spider-download';
export const SPIDER_PUBLISH_QUEUE = 'spider-publish';

/** A job that has been running this long without finishing is taken as lost (crash) and queued again. */
const STALE_MS = 15 * 60_000;

// ---------------------------------------------------------------------------------------------------------------
// Network rules

/** The crawler's fetch policy: runtime options over the defaults, the body cap = the upload size limit. */
export async function spiderPolicy(ctx: DomainContext): Promise<{ policy: FetchPolicy; limits: HostLimits }> {
  const s = await loadSettings(ctx);
  const maxMb = s.num('security.max_document_size', 50) > 0 ? s.num('security.max_document_size', 50) : 50;
  const o = ctx.runtime.spider ?? {};
  return {
    policy: {
      ...DEFAULT_FETCH_POLICY,
      allowPrivate: o.allowPrivate === true,
      timeoutMs: o.timeoutMs ?? DEFAULT_FETCH_POLICY.timeoutMs,
      maxRedirects: o.maxRedirects ?? DEFAULT_FETCH_POLICY.maxRedirects,
      maxBytes: maxMb * 1024 * 1024,
    },
    limits: { intervalMs: o.hostIntervalMs ?? 1000, concurrency: o.hostConcurrency ?? 2 },
  };
}

/** Document extensions the crawler collects: what the converter reads, narrowed by `document_allowed_ext`. */
async function collectableExtensions(ctx: DomainContext): Promise<string[]> {
  const s = await loadSettings(ctx);
  const allowed = s.list('security.document_allowed_ext').map((e) => e.replace(/^\./, '').toLowerCase());
  return SUPPORTED_DOCUMENT_EXTENSIONS.filter((e) => allowed.length === 0 || allowed.includes(e));
}

const ROBOTS_REFUSED = 'robots.txt 禁止采集该链接';

/** Refuses a URL whose origin's robots.txt forbids it (the crawler's own check, RFC 9309). Throws FetchError. */
async function requireRobots(url: URL, policy: FetchPolicy, redirected = false): Promise<void> {
  if (await robotsAllows(url, policy)) return;
  throw new FetchError('robots', redirected ? `${ROBOTS_REFUSED}（重定向到 ${url}）` : ROBOTS_REFUSED);
}

/** Fetch options that put every redirect hop to robots.txt of its own origin. */
const robotsOnRedirect = (policy: FetchPolicy): FetchOptions => ({
  beforeRedirect: (to) => requireRobots(to, policy, true),
});

const errorText = (e: unknown) =>
  e instanceof FetchError ? e.message : e instanceof Error ? e.message : String(e ?? '未知错误');

// ---------------------------------------------------------------------------------------------------------------
// Queue

async function send(ctx: DomainContext, queue: string, id: number) {
  try {
    await ctx.runtime.queue?.send(queue, { id }, { singletonKey: `${queue}:${id}` });
  } catch (e) {
    // The worker's sweep queues it again.
    console.error('enqueue', queue, id, e);
  }
}

/**
 * Work the sweep must (re)queue: pending links, queued documents, and jobs left running past `STALE_MS` by a crashed
 * worker (put back into their queue state first).
 */
export async function spiderWorkAwaiting(ctx: DomainContext) {
  const stale = new Date(Date.now() - STALE_MS);
  await ctx.em.nativeUpdate(
    SpiderUrl,
    { status: LinkStatus.Crawling, updatedAt: { $lt: stale } },
    { status: LinkStatus.Pending },
  );
  await ctx.em.nativeUpdate(
    SpiderDocument,
    { status: DocStatus.Downloading, updatedAt: { $lt: stale } },
    { status: DocStatus.DownloadQueue },
  );
  await ctx.em.nativeUpdate(
    SpiderDocument,
    { status: DocStatus.Publishing, updatedAt: { $lt: stale } },
    { status: DocStatus.PublishQueue },
  );
  const ids = async (entity: typeof SpiderUrl | typeof SpiderDocument, status: number) =>
    (
      await ctx.em.find(
        entity as typeof SpiderDocument,
        { status },
        { fields: ['id'], limit: 500, orderBy: { id: 'asc' } },
      )
    ).map((r) => r.id);
  return {
    crawl: await ids(SpiderUrl, LinkStatus.Pending),
    download: await ids(SpiderDocument, DocStatus.DownloadQueue),
    publish: await ids(SpiderDocument, DocStatus.PublishQueue),
  };
}

export async function enqueueSpiderWork(ctx: DomainContext) {
  const work = await spiderWorkAwaiting(ctx);
  for (const id of work.crawl) await send(ctx, SPIDER_CRAWL_QUEUE, id);
  for (const id of work.download) await send(ctx, SPIDER_DOWNLOAD_QUEUE, id);
  for (const id of work.publish) await send(ctx, SPIDER_PUBLISH_QUEUE, id);
}

// ---------------------------------------------------------------------------------------------------------------
// Links (/spiderurl)

/** GET /spiderurl/list (moredoc-pro-facts §9.1). */
export async function listSpiderUrls(ctx: DomainContext, input: ListSpiderUrlInput) {
  const where: ObjectQuery<ISpiderUrl> = {};
  if (input.status?.length) where.status = { $in: input.status };
  if (input.wd) where.url = { $ilike: `%${escapeLike(input.wd)}%` };
  const [rows, total] = await ctx.em.findAndCount(SpiderUrl, where, {
    orderBy: parseOrder(input.order, ['id', 'status', 'total', 'created_at', 'updated_at'], { id: 'desc' }),
    ...pageWindow(input),
  });
  return { total, spider_url: rows.map(presentSpiderUrl) };
}

/** GET /spiderurl. Throws NOT_FOUND. */
export async function getSpiderUrl(ctx: DomainContext, id: number) {
  const row = await ctx.em.findOne(SpiderUrl, { id });
  if (!row) throw notFound('spider.url_not_found');
  return presentSpiderUrl(row);
}

/** POST /spiderurl {url: [...]}: each line becomes a pending link and a crawl job. */
export async function createSpiderUrls(ctx: DomainContext, input: CreateSpiderUrlInput) {
  const rows = await ctx.em.transactional(async (em) => {
    const created = input.url.map((u) => {
      const url = new URL(u);
      url.hash = '';
      return em.create(SpiderUrl, {
        url: url.toString(),
        host: url.host,
        status: LinkStatus.Pending,
        userId: ctx.actor?.user.id ?? 0,
      });
    });
    await em.flush();
    return created;
  });
  for (const r of rows) await send(ctx, SPIDER_CRAWL_QUEUE, r.id);
  return { spider_url: rows.map(presentSpiderUrl) };
}

/** PUT /spiderurl: sets the status; 待采集 (0) crawls the link again. Throws NOT_FOUND, CONFLICT. */
export async function updateSpiderUrl(ctx: DomainContext, input: UpdateSpiderUrlInput) {
  const row = await ctx.em.findOne(SpiderUrl, { id: input.id });
  if (!row) throw notFound('spider.url_not_found');
  if (row.status === LinkStatus.Crawling && input.status !== LinkStatus.Crawling)
    throw forbidden('spider.crawling_no_update');
  if (input.status === LinkStatus.Crawling) throw invalid('spider.status_not_allowed', 'status');
  row.status = input.status;
  if (input.status === LinkStatus.Pending) row.error = '';
  await ctx.em.flush();
  if (row.status === LinkStatus.Pending) await send(ctx, SPIDER_CRAWL_QUEUE, row.id);
  return presentSpiderUrl(row);
}

/** DELETE /spiderurl?id: the documents already found stay in the document list. */
export async function deleteSpiderUrls(ctx: DomainContext, ids: number[]) {
  await ctx.em.nativeDelete(SpiderUrl, { id: { $in: ids } });
}

// ---------------------------------------------------------------------------------------------------------------
// Documents (/spiderdocument)

/** GET /spiderdocument/list (moredoc-pro-facts §9.2): default order `status asc, id desc`. */
export async function listSpiderDocuments(ctx: DomainContext, input: ListSpiderDocumentInput) {
  const where: ObjectQuery<ISpiderDocument> = {};
  if (input.status?.length) where.status = { $in: input.status };
  if (input.spider_url_id?.length) where.spiderUrlId = { $in: input.spider_url_id };
  if (input.wd) {
    const like = `%${escapeLike(input.wd)}%`;
    where.$or = [
      { title: { $ilike: like } },
      { titleFromHref: { $ilike: like } },
      { titleFromUrl: { $ilike: like } },
      { titleFromAttachment: { $ilike: like } },
      { url: { $ilike: like } },
    ];
  }
  const orderBy = (input.order ?? '').trim()
    ? parseOrder(input.order, ['id', 'status', 'size', 'created_at', 'updated_at'], { id: 'desc' })
    : { status: 'asc' as const, id: 'desc' as const };
  const [rows, total] = await ctx.em.findAndCount(SpiderDocument, where, {
    orderBy,
    ...pageWindow(input),
  });
  return { total, spider_document: rows.map(presentSpiderDocument) };
}

/** GET /spiderdocument. Throws NOT_FOUND. */
export async function getSpiderDocument(ctx: DomainContext, id: number) {
  const row = await ctx.em.findOne(SpiderDocument, { id });
  if (!row) throw notFound('spider.document_not_found');
  return presentSpiderDocument(row);
}

/** A job holds these; their status is the job's to change. */
const BUSY: readonly number[] = [DocStatus.Downloading, DocStatus.Publishing];
/** States an operator may ask for; the jobs move documents through the others. */
const REQUESTABLE: readonly number[] = [DocStatus.PendingDownload, DocStatus.DownloadQueue, DocStatus.PublishQueue];

/**
 * PUT /spiderdocument/batch (moredoc-pro-facts §9.2): titles, language, price and publish target of each document,
 * and the queues: 1 downloads, 5 publishes (only downloaded documents with a title, a member and a category), 0
 * resets. Documents being downloaded or published are not changed. Throws NOT_FOUND, VALIDATION_FAILED, FORBIDDEN.
 */
export async function batchUpdateSpiderDocuments(ctx: DomainContext, input: BatchUpdateSpiderDocumentInput) {
  const ids = input.spider_document.map((d) => d.id);
  const rows = await ctx.em.find(SpiderDocument, { id: { $in: ids } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const userIds = [
    ...new Set(
      [...input.spider_document.map((d) => d.user_id ?? 0), ...rows.map((r) => r.userId)].filter((n) => n > 0),
    ),
  ];
  const users = userIds.length ? await ctx.em.find(User, { id: { $in: userIds } }, { fields: ['id'] }) : [];
  const knownUsers = new Set(users.map((u) => u.id));
  const queued = { download: [] as number[], publish: [] as number[] };
  for (const patch of input.spider_document) {
    const row = byId.get(patch.id);
    if (!row) throw notFound('spider.document_not_found');
    applyPatch(row, patch, knownUsers);
    if (patch.status === DocStatus.DownloadQueue) queued.download.push(row.id);
    if (patch.status === DocStatus.PublishQueue) queued.publish.push(row.id);
  }
  await ctx.em.flush();
  for (const id of queued.download) await send(ctx, SPIDER_DOWNLOAD_QUEUE, id);
  for (const id of queued.publish) await send(ctx, SPIDER_PUBLISH_QUEUE, id);
  return { spider_document: rows.map(presentSpiderDocument) };
}

function applyPatch(row: ISpiderDocument, patch: SpiderDocumentPatch, knownUsers: Set<number>) {
  const changesStatus = patch.status !== undefined && patch.status !== row.status;
  if (BUSY.includes(row.status) && changesStatus)
    throw forbidden({ key: 'spider.row_refused', params: { reason: { key: 'spider.busy_no_update' }, id: row.id } });
  if (patch.title !== undefined) row.title = patch.title;
  if (patch.title_from_href !== undefined) row.titleFromHref = patch.title_from_href;
  if (patch.title_from_url !== undefined) row.titleFromUrl = patch.title_from_url;
  if (patch.title_from_attachment !== undefined) row.titleFromAttachment = patch.title_from_attachment;
  if (patch.language !== undefined) row.language = patch.language;
  if (patch.price !== undefined) row.price = patch.price;
  if (patch.user_id !== undefined) row.userId = patch.user_id;
  if (patch.category_id !== undefined) row.categoryId = patch.category_id;
  if (!changesStatus || patch.status === undefined) return;
  if (!REQUESTABLE.includes(patch.status)) throw invalid('spider.status_not_allowed', 'status');
  if (patch.status === DocStatus.PublishQueue) {
    if (!isPublishableStatus(row.status))
      throw invalid(
        { key: 'spider.row_refused', params: { reason: { key: 'spider.not_downloaded' }, id: row.id } },
        'status',
      );
    if (!row.title.trim())
      throw invalid(
        { key: 'spider.row_refused', params: { reason: { key: 'spider.title_empty' }, id: row.id } },
        'title',
      );
    if (!row.userId) throw invalid('spider.user_required', 'user_id');
    if (!knownUsers.has(row.userId)) throw invalid('spider.user_not_found', 'user_id');
    if (parseSpiderCategoryPath(row.categoryId).length === 0) throw invalid('spider.category_required', 'category_id');
  }
  if (patch.status === DocStatus.DownloadQueue && row.status === DocStatus.PublishSuccess)
    throw invalid('spider.status_not_allowed', 'status');
  row.status = patch.status;
  row.error = '';
}

/** PUT /spiderdocument: one document, the same rules as the batch. */
export async function updateSpiderDocument(ctx: DomainContext, patch: SpiderDocumentPatch) {
  const out = await batchUpdateSpiderDocuments(ctx, { spider_document: [patch] });
  return out.spider_document[0] as SpiderDocumentDTO;
}

/**
 * DELETE /spiderdocument?id: refused while downloading (statuses 1 and 2, moredoc-pro-facts §9.2). The stored file's
 * crawler attachment goes with it; a published document keeps its own. Throws FORBIDDEN.
 */
export async function deleteSpiderDocuments(ctx: DomainContext, ids: number[]) {
  const rows = await ctx.em.find(SpiderDocument, { id: { $in: ids } });
  if (rows.some((r) => r.status === DocStatus.DownloadQueue || r.status === DocStatus.Downloading))
    throw forbidden('spider.busy_no_delete');
  await ctx.em.transactional(async (em) => {
    const attachments = rows.map((r) => r.attachmentId).filter((n) => n > 0);
    if (attachments.length)
      await em.nativeUpdate(
        Attachment,
        { id: { $in: attachments }, type: AttachmentType.CrawlerDocument, deletedAt: null },
        { deletedAt: new Date() },
      );
    // Guarded: a document that started downloading meanwhile is kept.
    await em.nativeDelete(SpiderDocument, {
      id: { $in: rows.map((r) => r.id) },
      status: { $nin: [DocStatus.DownloadQueue, DocStatus.Downloading] },
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Jobs

/** Claims a row for a job: a guarded UPDATE from the expected status, so two workers never run the same job. */
async function claim(
  ctx: DomainContext,
  entity: typeof SpiderUrl | typeof SpiderDocument,
  id: number,
  from: number,
  to: number,
) {
  const n = await ctx.em.nativeUpdate(entity as typeof SpiderDocument, { id, status: from }, { status: to, error: '' });
  return n === 1;
}

/**
 * The crawl job (spec §3 link status 0 → 1 → 2/3): a link to a document file becomes one document; a page is
 * fetched and every link to a document kind becomes one, by extension or, for links whose name says nothing, by
 * the Content-Type of a HEAD check. robots.txt is obeyed for the page, each document and every redirect hop (each
 * against its own origin). `total` counts the documents found.
 */
export async function crawlSpiderUrl(ctx: DomainContext, id: number): Promise<void> {
  if (!(await claim(ctx, SpiderUrl, id, LinkStatus.Pending, LinkStatus.Crawling))) return;
  const row = await ctx.em.findOneOrFail(SpiderUrl, { id });
  try {
    const found = await discover(ctx, new URL(row.url));
    let added = 0;
    for (const link of found) {
      const url = new URL(link.url);
      const inserted = await ctx.em.getConnection().execute<{ id: number }[]>(
        `insert into spider_document (spider_url_id, url, host, status, title, title_from_href, title_from_url, ext, content_type)
         values (?, ?, ?, 0, ?, ?, ?, ?, ?) on conflict (url) do nothing returning id`,
        [
          row.id,
          link.url,
          url.host,
          link.text || titleFromFileName(urlFileName(url)),
          link.text,
          titleFromFileName(urlFileName(url)),
          link.ext ? `.${link.ext}` : '',
          link.contentType ?? '',
        ],
      );
      added += inserted.length;
    }
    await ctx.em.nativeUpdate(
      SpiderUrl,
      { id },
      {
        status: LinkStatus.Done,
        total: found.length,
        error: found.length === 0 ? '没有发现文档链接' : added < found.length ? `新增 ${added} 篇，其余已采集过` : '',
      },
    );
  } catch (e) {
    await ctx.em.nativeUpdate(SpiderUrl, { id }, { status: LinkStatus.Failed, error: errorText(e) });
  }
}

type Found = DiscoveredLink & { contentType?: string };

async function discover(ctx: DomainContext, url: URL): Promise<Found[]> {
  const { policy, limits } = await spiderPolicy(ctx);
  const extensions = await collectableExtensions(ctx);
  const nameExt = fileExtension(urlFileName(url));
  if (nameExt && extensions.includes(nameExt)) {
    await requireRobots(url, policy);
    return [{ url: url.toString(), text: '', ext: nameExt }];
  }
  await requireRobots(url, policy);
  // The host slot is held until the body is read, so the per-host concurrency counts whole transfers.
  const page = await withHostLimit(url.host, limits, async () => {
    const res = await safeFetch(url, policy, robotsOnRedirect(policy));
    const typeExt = documentExtOf(res.contentType, res.headers['content-disposition'], extensions);
    if (typeExt) {
      res.discard();
      return { res, typeExt, html: '' };
    }
    if (!/html|xml/.test(res.contentType) && res.contentType !== '') {
      res.discard();
      throw new FetchError('http', `不是网页也不是文档（${res.contentType}）`);
    }
    return { res, typeExt: '', html: await res.text() };
  });
  const res = page.res;
  if (page.typeExt) return [{ url: res.url.toString(), text: '', ext: page.typeExt, contentType: res.contentType }];
  const { documents, candidates } = discoverLinks(page.html, res.url, extensions);
  const out: Found[] = [];
  for (const d of documents) if (await robotsAllows(new URL(d.url), policy)) out.push(d);
  // Links whose name says nothing: a bounded number of type checks on the page's own host.
  const maxChecks = ctx.runtime.spider?.maxTypeChecks ?? 20;
  const sameHost = candidates.filter((c) => new URL(c.url).host === res.url.host).slice(0, maxChecks);
  for (const c of sameHost) {
    const cu = new URL(c.url);
    if (!(await robotsAllows(cu, policy))) continue;
    try {
      const head = await withHostLimit(cu.host, limits, () =>
        safeFetch(
          cu,
          { ...policy, timeoutMs: Math.min(policy.timeoutMs, 10_000) },
          { ...robotsOnRedirect(policy), method: 'HEAD' },
        ),
      );
      head.discard();
      const ext = documentExtOf(head.contentType, head.headers['content-disposition'], extensions);
      if (ext) out.push({ ...c, ext, contentType: head.contentType });
    } catch {
      // A link that cannot be checked is simply not a document.
    }
  }
  return out;
}

function documentExtOf(contentType: string, disposition: string | undefined, extensions: readonly string[]): string {
  const fromName = fileExtension(dispositionFileName(disposition));
  if (fromName && extensions.includes(fromName)) return fromName;
  const fromType = extensionForContentType(contentType);
  return fromType && extensions.includes(fromType) ? fromType : '';
}

/**
 * The download job (1 → 2 → 3/4): streams the file within the upload size limit (robots.txt asked for the address
 * and every redirect hop), checks the bytes match the document kind, stores it by MD5 like an upload, records it as
 * a crawler attachment (type 8), and names a library document that already holds the same file. Files marked
 * illegal are refused.
 */
export async function downloadSpiderDocument(ctx: DomainContext, id: number): Promise<void> {
  if (!(await claim(ctx, SpiderDocument, id, DocStatus.DownloadQueue, DocStatus.Downloading))) return;
  const row = await ctx.em.findOneOrFail(SpiderDocument, { id });
  const tmp = join(tmpdir(), `wenku-spider-${randomBytes(8).toString('hex')}`);
  try {
    const { policy, limits } = await spiderPolicy(ctx);
    const extensions = await collectableExtensions(ctx);
    const url = new URL(row.url);
    await requireRobots(url, policy);
    const { res, attachmentName, ext, file } = await withHostLimit(url.host, limits, async () => {
      const res = await safeFetch(url, policy, robotsOnRedirect(policy));
      const attachmentName = dispositionFileName(res.headers['content-disposition']);
      const ext =
        [fileExtension(attachmentName), fileExtension(urlFileName(res.url)), row.ext.replace(/^\./, '')].find(
          (e) => e && extensions.includes(e),
        ) || extensionForContentType(res.contentType);
      if (!ext || !extensions.includes(ext)) {
        res.discard();
        throw new Error(`不支持的文档类型（${res.contentType || '未知类型'}）`);
      }
      return { res, attachmentName, ext, file: await res.saveTo(tmp) };
    });
    const reason = await sniffDocument(await readHead(tmp), ext, () => readFile(tmp));
    if (reason) throw new Error(reason);
    if (await ctx.em.count(Attachment, { hash: file.md5, enable: false })) throw new Error('文件已被标记为非法文件');
    const key = documentFileKey(file.md5, `.${ext}`);
    if (!(await ctx.runtime.storage.exists(key))) await ctx.runtime.storage.putFile(key, tmp);
    const twin = await ctx.em.findOne(
      Document,
      { hash: file.md5, deletedAt: null },
      { orderBy: { id: 'asc' }, fields: ['id'] },
    );
    const name = attachmentName || urlFileName(res.url) || `${row.titleFromUrl || 'document'}.${ext}`;
    await ctx.em.transactional(async (em) => {
      const attachment = em.create(Attachment, {
        hash: file.md5,
        userId: 0,
        typeId: row.id,
        type: AttachmentType.CrawlerDocument,
        path: `/${key}`,
        name: name.slice(0, 255),
        size: file.size,
        ext: `.${ext}`,
      });
      await em.flush();
      if (row.attachmentId)
        await em.nativeUpdate(
          Attachment,
          { id: row.attachmentId, type: AttachmentType.CrawlerDocument, deletedAt: null },
          { deletedAt: new Date() },
        );
      await em.nativeUpdate(
        SpiderDocument,
        { id },
        {
          status: DocStatus.DownloadSuccess,
          size: file.size,
          ext: `.${ext}`,
          hash: file.md5,
          contentType: res.contentType.slice(0, 255),
          titleFromAttachment: attachmentName ? titleFromFileName(attachmentName) : '',
          savePath: `/${key}`,
          attachmentId: attachment.id,
          duplicateDocumentId: twin?.id ?? 0,
          error: twin ? `${reasonText(SPIDER_MESSAGES.duplicate)}（ID: ${twin.id}）` : '',
        },
      );
    });
  } catch (e) {
    await ctx.em.nativeUpdate(SpiderDocument, { id }, { status: DocStatus.DownloadFailed, error: errorText(e) });
  } finally {
    await rm(tmp, { force: true });
  }
}

/**
 * The publish job (5 → 6 → 7/8): the downloaded file becomes a document of the chosen member in the chosen category
 * path, with price, language (the document's own, else the drawer's) and its source URL, and goes through the normal
 * conversion. A file the library already holds is not published twice.
 */
export async function publishSpiderDocument(ctx: DomainContext, id: number): Promise<void> {
  if (!(await claim(ctx, SpiderDocument, id, DocStatus.PublishQueue, DocStatus.Publishing))) return;
  const row = await ctx.em.findOneOrFail(SpiderDocument, { id });
  try {
    const title = cleanText(row.title);
    if (!title) throw new Error(reasonText(SPIDER_MESSAGES.titleEmpty));
    const user = await ctx.em.findOne(User, { id: row.userId });
    if (!user) throw new Error(reasonText(SPIDER_MESSAGES.userNotFound));
    const categories = parseSpiderCategoryPath(row.categoryId);
    if (categories.length === 0) throw new Error(reasonText(SPIDER_MESSAGES.categoryRequired));
    const attachment = await ctx.em.findOne(Attachment, { id: row.attachmentId, deletedAt: null });
    if (!attachment || !(await ctx.runtime.storage.exists(attachment.path.replace(/^\//, ''))))
      throw new Error('文件不存在，请重新下载');
    const twin = await ctx.em.findOne(
      Document,
      { hash: attachment.hash, deletedAt: null },
      { orderBy: { id: 'asc' }, fields: ['id'] },
    );
    if (twin) throw new Error(`${reasonText(SPIDER_MESSAGES.duplicate)}（ID: ${twin.id}），未重复发布`);
    const doc = await createDocumentFromCrawl(ctx, {
      userId: user.id,
      title,
      categoryIds: categories,
      price: row.price,
      language: row.language,
      source: row.url,
      file: {
        hash: attachment.hash,
        path: attachment.path,
        size: attachment.size,
        ext: attachment.ext,
        name: `${title}${attachment.ext}`,
      },
    });
    await ctx.em.nativeUpdate(
      SpiderDocument,
      { id },
      { status: DocStatus.PublishSuccess, documentId: doc.id, error: '' },
    );
  } catch (e) {
    await ctx.em.nativeUpdate(SpiderDocument, { id }, { status: DocStatus.PublishFailed, error: errorText(e) });
  }
}
