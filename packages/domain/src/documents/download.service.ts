import { Document, Download, type EntityManager, type IDocument, type IOrder, User } from '@wenku/db';
import { DocumentStatus, DomainError, PunishmentType } from '@wenku/shared';
import { jwtVerify, SignJWT } from 'jose';
import { actorOfLinkHolder } from '../auth/actor.ts';
import { startOfToday } from '../clock.ts';
import type { Actor, DomainContext } from '../context.ts';
import { lockMember } from '../credits/credits.service.ts';
import { addDynamic, DynamicType } from '../dynamics/dynamic.service.ts';
import { forbidden, notFound } from '../errors.ts';
import { assertNotPunished } from '../moderation/punishment.service.ts';
import { buyDocumentWithCredits, documentPurchase } from '../orders/order.service.ts';
import { activeVips } from '../orders/vip.service.ts';
import { requireActor } from '../permissions.ts';
import { findDownloadableDocument } from '../policies/document-visibility.ts';
import type { Settings } from '../settings/settings.cache.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { documentFileKey } from './document.service.ts';

/** Advisory-lock namespace of one client address's downloads (first key of `pg_advisory_xact_lock(int, int)`). */
const LOCK_DOWNLOAD_IP = 73;

/**
 * Serialises the downloads of one address, so its daily count and the new download are one step for parallel
 * requests of different members (each member's own lock does not cover the others). Taken first in the download's
 * transaction, before any member's lock: one order everywhere, no deadlock with a buyer paying an uploader.
 */
const lockDownloadAddress = (em: EntityManager, ip: string) =>
  em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [LOCK_DOWNLOAD_IP, ip]);

async function secret(ctx: DomainContext) {
  const s = await loadSettings(ctx);
  return new TextEncoder().encode(s.str('download.secret_key') || s.str('internal.jwt_secret'));
}

/**
 * Asks for a download link (moredoc-facts §6.7, its ⚠ fixed): the public downloads converted documents only; daily
 * limits per member (the applying VIP card's cap for VIP members) and per IP. A paid document is free to its buyer
 * (for good, or within `download.free_download_duration` days when set); otherwise it is bought with credits on the spot, as a paid order in
 * the download's transaction (the balance guard is in the same UPDATE, so parallel downloads cannot overspend).
 * Returns a signed link that expires after `download.url_duration` seconds. Throws UNAUTHENTICATED, FORBIDDEN,
 * NOT_FOUND.
 */
export async function requestDownload(ctx: DomainContext, documentId: number): Promise<{ url: string }> {
  const s = await loadSettings(ctx);
  const actor = ctx.actor;
  if (!actor && !s.bool('download.enable_guest_download'))
    throw new DomainError('UNAUTHENTICATED', 'auth.unauthenticated');
  const { doc, manager } = await findDownloadableDocument(ctx, documentId);
  if (doc.price > 0 && !actor) throw forbidden('documents.paid_sign_in_first');
  if (actor) await assertNotPunished(ctx.em, actor.user.id, PunishmentType.NoDownload);
  const userId = actor?.user.id ?? 0;

  await ctx.em.transactional(async (em) => {
    if (!manager) await lockDownloadAddress(em, ctx.ip);
    // One member's credit operations run one at a time; parallel clicks are counted and charged in order.
    await lockMember(em, userId);
    if (!manager) await assertDailyLimits(ctx, em, s, userId);
    let paid = false;
    if (doc.price > 0 && userId !== doc.userId && !manager) {
      const bought = await documentPurchase(em, s, userId, doc.id);
      if (!bought) await buyDocumentWithCredits({ ...ctx, em }, em, s, doc);
      // The download that bought the document, or the first one after its order was paid, is the paid one.
      paid = !bought || (await firstDownloadOf(em, bought.order));
    }
    await recordDownload(em, ctx, userId, doc, paid);
  });
  return { url: await signedDownloadUrl(ctx, s, doc.id, userId) };
}

/**
 * The per-IP and per-member daily download limits; a VIP member's card sets their own cap (0 = unlimited). Runs under
 * the address's and the member's locks, so the counts cannot be raced.
 */
async function assertDailyLimits(ctx: DomainContext, em: EntityManager, s: Settings, userId: number) {
  const today = startOfToday();
  const perIp = s.num('download.times_every_ip', 10);
  if ((await em.count(Download, { ip: ctx.ip, createdAt: { $gte: today } })) >= perIp) {
    throw forbidden({ key: 'documents.ip_download_limit', params: { limit: perIp } });
  }
  if (!userId) return;
  const [vip] = s.bool('vip.enable') ? await activeVips(em, userId) : [];
  const perUser = vip ? vip.times : s.num('download.times_every_day', 10);
  if (vip && perUser === 0) return;
  if ((await em.count(Download, { userId, createdAt: { $gte: today } })) >= perUser) {
    throw forbidden({ key: 'documents.user_download_limit', params: { limit: perUser } });
  }
}

/** Whether no download of the order's document by its buyer has followed the order's payment yet. */
async function firstDownloadOf(em: EntityManager, order: IOrder) {
  const since = order.paidAt ?? order.createdAt;
  return (
    (await em.count(Download, { userId: order.userId, documentId: order.productId, createdAt: { $gte: since } })) === 0
  );
}

async function recordDownload(em: EntityManager, ctx: DomainContext, userId: number, doc: IDocument, isPay: boolean) {
  em.create(Download, { userId, documentId: doc.id, ip: ctx.ip, isPay });
  await em.flush();
  await em.execute('update document set download_count = download_count + 1 where id = ?', [doc.id]);
  await addDynamic(em, userId, DynamicType.Download, {
    kind: 'download',
    target: 'document',
    ref: doc.uuid,
    title: doc.title,
  });
}

async function signedDownloadUrl(ctx: DomainContext, s: Settings, documentId: number, userId: number) {
  const ttl = Math.max(10, s.num('download.url_duration', 60));
  const token = await new SignJWT({ d: documentId, u: userId })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
    .sign(await secret(ctx));
  return `/download/${token}`;
}

/**
 * GET /document/download/vip (moredoc-pro-facts §2.1, §2.6): a VIP member downloads a VIP document with the exclusive
 * quota of the card that applies first (year → quarter → month). A free VIP document, one bought within its
 * re-download period, or one already downloaded during the current card costs no quota. The quota is taken by a
 * guarded UPDATE, so parallel downloads cannot exceed it. Throws UNAUTHENTICATED, FORBIDDEN, NOT_FOUND,
 * FEATURE_DISABLED.
 */
export async function requestVipDownload(ctx: DomainContext, documentId: number): Promise<{ url: string }> {
  const actor = requireActor(ctx);
  const s = await loadSettings(ctx);
  if (!s.bool('vip.enable')) throw new DomainError('FEATURE_DISABLED', 'vip.disabled');
  const { doc } = await findDownloadableDocument(ctx, documentId);
  if (!doc.isVip) throw forbidden('vip.not_vip_document');
  await assertNotPunished(ctx.em, actor.user.id, PunishmentType.NoDownload);
  const userId = actor.user.id;
  await ctx.em.transactional(async (em) => {
    await lockDownloadAddress(em, ctx.ip);
    await lockMember(em, userId);
    const vips = await activeVips(em, userId);
    const first = vips[0];
    if (!first) throw forbidden('vip.not_member');
    await assertDailyLimits(ctx, em, s, userId);
    const bought = doc.price > 0 && doc.userId !== userId ? await documentPurchase(em, s, userId, doc.id) : null;
    const free =
      doc.price <= 0 ||
      doc.userId === userId ||
      !!bought ||
      (await em.count(Download, { userId, documentId: doc.id, createdAt: { $gte: first.joinedAt } })) > 0;
    if (!free) {
      let taken = false;
      for (const vip of vips) {
        const rows = await em.execute<{ id: number }[]>(
          `update user_vip set download_used = download_used + 1, updated_at = now()
           where id = ? and (download = 0 or download_used < download) returning id`,
          [vip.id],
        );
        if (rows.length) {
          taken = true;
          break;
        }
      }
      if (!taken) throw forbidden('vip.free_downloads_used_up');
    }
    await recordDownload(em, ctx, userId, doc, !!bought && (await firstDownloadOf(em, bought.order)));
  });
  return { url: await signedDownloadUrl(ctx, s, doc.id, userId) };
}

async function readDownloadLink(ctx: DomainContext, token: string) {
  try {
    const { payload } = await jwtVerify(token, await secret(ctx), { algorithms: ['HS256'] });
    return { documentId: Number(payload.d), userId: Number(payload.u) || 0, expiresAt: (payload.exp ?? 0) * 1000 };
  } catch {
    return null;
  }
}

/**
 * Whom a download link was issued to (null for a guest's link or a bad one): the browser follows the link without the
 * bearer header, so the site gate judges the member the link names.
 */
export async function downloadLinkHolder(ctx: DomainContext, token: string): Promise<Actor | null> {
  const link = await readDownloadLink(ctx, token);
  return link?.userId ? actorOfLinkHolder(ctx.em, link.userId, new Date(link.expiresAt)) : null;
}

/** Statuses hidden from the public whose files a reviewer may fetch: disabled, pending review, rejected. */
const UNDER_REVIEW: readonly number[] = [
  DocumentStatus.Disabled,
  DocumentStatus.PendingReview,
  DocumentStatus.ReviewRejected,
];

/**
 * GET /document/download/bereviewed (moredoc-facts §6.3): an administrator's link to the file of a document the
 * public cannot see (pending review, rejected or disabled), to judge it. No limits and no charge; the download is
 * recorded unpaid. Throws NOT_FOUND.
 */
export async function requestReviewDownload(ctx: DomainContext, documentId: number): Promise<{ url: string }> {
  const actor = requireActor(ctx);
  const s = await loadSettings(ctx);
  const doc = await ctx.em.findOne(Document, { id: documentId, deletedAt: null });
  if (!doc || !UNDER_REVIEW.includes(doc.status)) throw notFound('documents.download_not_reviewable');
  await ctx.em.transactional((em) => recordDownload(em, ctx, actor.user.id, doc, false));
  return { url: await signedDownloadUrl(ctx, s, doc.id, actor.user.id) };
}

/** Resolves a signed download link to the file and the name to save it as. Throws NOT_FOUND when expired. */
export async function resolveDownload(ctx: DomainContext, token: string) {
  const link = await readDownloadLink(ctx, token);
  if (!link) throw notFound('documents.download_link_expired');
  const doc = await ctx.em.findOne(Document, { id: link.documentId });
  if (!doc) throw notFound('documents.not_found');
  const owner = link.userId ? await ctx.em.findOne(User, { id: link.userId }) : null;
  if (link.userId && !owner) throw notFound('documents.download_link_expired');
  const safe = doc.title.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 200) || 'document';
  return { key: documentFileKey(doc.hash, doc.ext), filename: `${safe}${doc.ext}` };
}

/** The caller's downloads, newest first (GET /user/download, /me/download). */
export async function myDownloads(ctx: DomainContext, page: number, size: number) {
  if (!ctx.actor) throw new DomainError('UNAUTHENTICATED', 'auth.unauthenticated');
  const [rows, total] = await ctx.em.findAndCount(
    Download,
    { userId: ctx.actor.user.id },
    { orderBy: { id: 'desc' }, limit: size, offset: (page - 1) * size },
  );
  const docs = rows.length
    ? await ctx.em.find(Document, { id: { $in: [...new Set(rows.map((r) => r.documentId))] } })
    : [];
  const byId = new Map(docs.map((d) => [d.id, d]));
  return {
    total,
    download: rows.map((r) => {
      const found = byId.get(r.documentId);
      const d = found && !found.deletedAt ? found : null;
      return {
        id: r.id,
        document_id: r.documentId,
        is_pay: r.isPay,
        created_at: r.createdAt.toISOString(),
        // Flat, as MOREDOC's download list reads them (an empty title shows 已被删除).
        document_uuid: d?.uuid ?? '',
        title: d?.title ?? '',
        ext: d?.ext ?? '',
        score: d?.score ?? 0,
        pages: d?.pages ?? 0,
        size: d?.size ?? 0,
        document: d ? { id: d.id, uuid: d.uuid, title: d.title, ext: d.ext, price: d.price, pages: d.pages } : null,
      };
    }),
  };
}
