import { Document, Download, User } from '@wenku/db';
import { DEFAULT_CREDIT_NAME, DocumentStatus, DomainError, MESSAGES, PunishmentType } from '@wenku/shared';
import { jwtVerify, SignJWT } from 'jose';
import { startOfToday } from '../clock.ts';
import type { DomainContext } from '../context.ts';
import { changeCredits } from '../credits/credits.service.ts';
import { addDynamic, DynamicType, documentLink } from '../dynamics/dynamic.service.ts';
import { forbidden, notFound } from '../errors.ts';
import { assertNotPunished } from '../moderation/punishment.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { canManageDocument } from './document.policy.ts';
import { documentFileKey } from './document.service.ts';

async function secret(ctx: DomainContext) {
  const s = await loadSettings(ctx);
  return new TextEncoder().encode(s.str('download.secret_key') || s.str('internal.jwt_secret'));
}

/**
 * Asks for a download link (moredoc-facts §6.7, its ⚠ fixed): the public downloads converted documents only; daily
 * limits per member and per IP; a paid download moves the price from the buyer to the uploader through the ledger in
 * one transaction (the balance guard is in the same UPDATE, so parallel downloads cannot overspend); a re-download
 * within `free_download_duration` days of a paid one is free (0 = pay again). Returns a signed link that expires
 * after `download.url_duration` seconds. Throws UNAUTHENTICATED, FORBIDDEN, NOT_FOUND.
 */
export async function requestDownload(ctx: DomainContext, documentId: number): Promise<{ url: string }> {
  const s = await loadSettings(ctx);
  const actor = ctx.actor;
  if (!actor && !s.bool('download.enable_guest_download'))
    throw new DomainError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  const doc = await ctx.em.findOne(Document, { id: documentId, deletedAt: null });
  const manager = !!doc && canManageDocument(actor, doc);
  if (!doc || (!manager && doc.status !== DocumentStatus.Converted)) throw notFound('文档不存在');
  if (doc.price > 0 && !actor) throw forbidden('付费文档，请先登录再下载');
  if (actor) await assertNotPunished(ctx.em, actor.user.id, PunishmentType.NoDownload);
  const userId = actor?.user.id ?? 0;
  const perIp = s.num('download.times_every_ip', 10);
  const perUser = s.num('download.times_every_day', 10);
  const creditName = s.str('score.credit_name') || DEFAULT_CREDIT_NAME;
  const freeDays = s.num('download.free_download_duration', 0);

  await ctx.em.transactional(async (em) => {
    // One member's credit operations run one at a time; parallel clicks are counted and charged in order.
    await em.execute('select pg_advisory_xact_lock(?, ?)', [1, userId]);
    if (!manager) {
      const today = startOfToday();
      if ((await em.count(Download, { ip: ctx.ip, createdAt: { $gte: today } })) >= perIp) {
        throw forbidden(`您所在IP今日下载次数已达上限(${perIp})`);
      }
      if (userId && (await em.count(Download, { userId, createdAt: { $gte: today } })) >= perUser) {
        throw forbidden(`您的账户今日下载次数已达上限(${perUser})`);
      }
    }
    let pay = doc.price > 0 && userId !== doc.userId;
    if (pay && freeDays > 0) {
      const since = new Date(Date.now() - freeDays * 86_400_000);
      if (await em.count(Download, { userId, documentId: doc.id, isPay: true, createdAt: { $gte: since } }))
        pay = false;
    }
    const download = em.create(Download, { userId, documentId: doc.id, ip: ctx.ip, isPay: pay });
    await em.flush();
    if (pay) {
      const left = await changeCredits(em, {
        userId,
        delta: -doc.price,
        reason: 'download',
        refKey: `download:${download.id}`,
        mustCover: true,
      });
      if (left === null) throw forbidden(`${creditName}不足，无法下载`);
      await changeCredits(em, {
        userId: doc.userId,
        delta: doc.price,
        reason: 'document_sold',
        refKey: `download:${download.id}`,
      });
    }
    await em.execute('update document set download_count = download_count + 1 where id = ?', [doc.id]);
    await addDynamic(em, userId, DynamicType.Download, `下载了文档${documentLink(doc.uuid, doc.title)}`);
  });

  const ttl = Math.max(10, s.num('download.url_duration', 60));
  const token = await new SignJWT({ d: doc.id, u: userId })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
    .sign(await secret(ctx));
  return { url: `/download/${token}` };
}

/** Resolves a signed download link to the file and the name to save it as. Throws NOT_FOUND when expired. */
export async function resolveDownload(ctx: DomainContext, token: string) {
  let claims: { d?: unknown; u?: unknown };
  try {
    claims = (await jwtVerify(token, await secret(ctx), { algorithms: ['HS256'] })).payload as {
      d?: unknown;
      u?: unknown;
    };
  } catch {
    throw notFound('下载链接已失效');
  }
  const doc = await ctx.em.findOne(Document, { id: Number(claims.d) });
  if (!doc) throw notFound('文档不存在');
  const owner = Number(claims.u) ? await ctx.em.findOne(User, { id: Number(claims.u) }) : null;
  if (Number(claims.u) && !owner) throw notFound('下载链接已失效');
  const safe = doc.title.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 200) || 'document';
  return { key: documentFileKey(doc.hash, doc.ext), filename: `${safe}${doc.ext}` };
}

/** The caller's downloads, newest first (GET /user/download, /me/download). */
export async function myDownloads(ctx: DomainContext, page: number, size: number) {
  if (!ctx.actor) throw new DomainError('UNAUTHENTICATED', MESSAGES.unauthenticated);
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
      const d = byId.get(r.documentId);
      return {
        id: r.id,
        document_id: r.documentId,
        is_pay: r.isPay,
        created_at: r.createdAt.toISOString(),
        document:
          d && !d.deletedAt
            ? { id: d.id, uuid: d.uuid, title: d.title, ext: d.ext, price: d.price, pages: d.pages }
            : null,
      };
    }),
  };
}
