import { createHash } from 'node:crypto';
import type { ObjectQuery } from '@mikro-orm/core';
import { inspectImage } from '@wenku/converter';
import { Attachment, type IAttachment, User } from '@wenku/db';
import { AttachmentType, assertStorableInput, DomainError } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { forbidden, invalid, notFound } from '../errors.ts';
import { escapeLike, type ListQuery, pageWindow, parseOrder, presentRow } from '../presenter.ts';
import { hashedKey } from '../storage/storage.ts';
import { usernamesByIds } from '../usernames.ts';

export const IMAGE_UPLOAD_KINDS = {
  avatar: AttachmentType.Avatar,
  banner: AttachmentType.Banner,
  category: AttachmentType.CategoryCover,
  config: AttachmentType.Config,
  article: AttachmentType.Article,
} as const;
export type ImageUploadKind = keyof typeof IMAGE_UPLOAD_KINDS;

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const TYPE_NAMES: Record<number, string> = {
  0: '未知',
  1: '头像',
  2: '文档',
  3: '文章',
  4: '评论',
  5: '横幅',
  6: '分类封面',
  7: '配置',
  8: '爬虫文档',
};

/**
 * Stores an uploaded image (moredoc-facts §19.1): the bytes must be an image whatever the name says; a file marked
 * illegal by its hash is refused; files are kept once per hash. An avatar becomes the caller's avatar at once.
 * Throws VALIDATION_FAILED, FORBIDDEN.
 */
export async function uploadImage(
  ctx: DomainContext,
  kind: ImageUploadKind,
  file: { buffer: Buffer; originalname: string },
) {
  if (!ctx.actor) throw new DomainError('UNAUTHENTICATED', 'auth.unauthenticated');
  assertStorableInput({ file: file.originalname });
  if (file.buffer.length > MAX_IMAGE_BYTES) throw invalid('attachments.image_too_large', 'file');
  const info = await inspectImage(file.buffer);
  if (!info) throw invalid('attachments.image_only', 'file');
  const hash = createHash('md5').update(file.buffer).digest('hex');
  if (await ctx.em.count(Attachment, { hash, enable: false })) throw forbidden('attachments.file_illegal');
  const key = hashedKey('uploads', hash, info.ext);
  if (!(await ctx.runtime.storage.exists(key))) await ctx.runtime.storage.put(key, file.buffer);
  const userId = ctx.actor.user.id;
  const type = IMAGE_UPLOAD_KINDS[kind];
  const attachment = await ctx.em.transactional(async (em) => {
    const a = em.create(Attachment, {
      hash,
      userId,
      typeId: kind === 'avatar' ? userId : 0,
      type,
      path: `/${key}`,
      name: file.originalname.slice(0, 255),
      size: file.buffer.length,
      width: info.width,
      height: info.height,
      ext: info.ext,
      ip: ctx.ip,
    });
    await em.flush();
    if (kind === 'avatar') {
      await em.nativeUpdate(
        Attachment,
        { type, typeId: userId, id: { $ne: a.id }, deletedAt: null },
        { deletedAt: new Date() },
      );
      await em.nativeUpdate(User, { id: userId }, { avatar: a.path });
    }
    return a;
  });
  return presentRow(attachment);
}

export async function listAttachments(
  ctx: DomainContext,
  input: ListQuery & {
    type?: number[];
    enable?: boolean[];
    user_id?: number[];
    ext?: string[];
  },
) {
  const where: ObjectQuery<IAttachment> = { deletedAt: null };
  if (input.type?.length) where.type = { $in: input.type };
  if (input.enable?.length) where.enable = { $in: input.enable };
  if (input.user_id?.length) where.userId = { $in: input.user_id };
  if (input.ext?.length) where.ext = { $in: input.ext.map((e) => (e.startsWith('.') ? e : `.${e}`)) };
  if (input.wd) {
    const like = `%${escapeLike(input.wd)}%`;
    where.$or = [{ name: { $ilike: like } }, { description: { $ilike: like } }, { hash: { $ilike: like } }];
  }
  const [rows, total] = await ctx.em.findAndCount(Attachment, where, {
    orderBy: parseOrder(input.order, ['id', 'size', 'created_at'], { id: 'desc' }),
    ...pageWindow(input),
  });
  const names = await usernamesByIds(
    ctx.em,
    rows.map((r) => r.userId),
  );
  return {
    total,
    attachment: rows.map((r) => ({
      ...presentRow(r),
      username: names.get(r.userId) ?? '',
      type_name: TYPE_NAMES[r.type] ?? '',
    })),
  };
}

export async function getAttachment(ctx: DomainContext, id: number) {
  const a = await ctx.em.findOne(Attachment, { id, deletedAt: null });
  if (!a) throw notFound('attachments.not_found');
  return { ...presentRow(a), type_name: TYPE_NAMES[a.type] ?? '' };
}

/** Admin edits name, description and the legal flag; disabling marks the hash illegal for future uploads. */
export async function updateAttachment(
  ctx: DomainContext,
  input: { id: number; name: string; enable?: boolean; description?: string },
) {
  const a = await ctx.em.findOne(Attachment, { id: input.id, deletedAt: null });
  if (!a) throw notFound('attachments.not_found');
  a.name = input.name;
  if (input.enable !== undefined) a.enable = input.enable;
  if (input.description !== undefined) a.description = input.description;
  await ctx.em.flush();
  return { ...presentRow(a), type_name: TYPE_NAMES[a.type] ?? '' };
}

/**
 * Deletes attachments that nothing uses any more (docs/decisions.md): an attachment still owned by a document,
 * article, avatar, banner or category is refused with moredoc's message. The file goes once no live row shares it.
 */
export async function deleteAttachments(ctx: DomainContext, ids: number[]) {
  const rows = await ctx.em.find(Attachment, { id: { $in: ids }, deletedAt: null });
  const inUse = await Promise.all(rows.map((a) => isInUse(ctx, a)));
  if (inUse.some(Boolean)) throw forbidden('attachments.no_delete');
  await ctx.em.transactional(async (em) => {
    await em.nativeUpdate(Attachment, { id: { $in: rows.map((r) => r.id) } }, { deletedAt: new Date() });
  });
  for (const a of rows) {
    if (!(await ctx.em.count(Attachment, { hash: a.hash, deletedAt: null }))) {
      await ctx.runtime.storage.remove(a.path.replace(/^\//, ''));
    }
  }
}

async function isInUse(ctx: DomainContext, a: { type: number; typeId: number; path: string }): Promise<boolean> {
  const conn = ctx.em.getConnection();
  const count = async (sql: string, params: unknown[]) =>
    Number(((await conn.execute(sql, params)) as { n: string }[])[0]?.n ?? 0) > 0;
  switch (a.type) {
    case AttachmentType.Avatar:
      return count('select count(*) n from "user" where avatar = ?', [a.path]);
    case AttachmentType.Banner:
      return count('select count(*) n from banner where path = ?', [a.path]);
    case AttachmentType.CategoryCover:
      return count('select count(*) n from category where cover = ? or icon = ?', [a.path, a.path]);
    case AttachmentType.Config:
      return count('select count(*) n from config where value = ?', [a.path]);
    default:
      return a.typeId > 0;
  }
}
