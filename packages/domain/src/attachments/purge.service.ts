import { Attachment } from '@wenku/db';
import { AttachmentType } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { previewDir } from '../documents/document.service.ts';
import { loadSettings } from '../settings/settings.service.ts';

/**
 * Storage upkeep (moredoc-facts §19.6), run by a job: document uploads never attached to a document within a day are
 * soft-deleted; soft-deleted attachments older than `security.attachment_retention_minute` are removed for good, and
 * their file (and a document's previews) once no live attachment shares the hash. Returns how many rows went.
 */
export async function purgeAttachments(ctx: DomainContext): Promise<{ orphaned: number; purged: number }> {
  const s = await loadSettings(ctx);
  const retentionMs = Math.max(0, s.num('security.attachment_retention_minute', 1440)) * 60_000;
  const orphaned = await ctx.em.nativeUpdate(
    Attachment,
    {
      type: AttachmentType.Document,
      typeId: 0,
      deletedAt: null,
      createdAt: { $lt: new Date(Date.now() - 86_400_000) },
    },
    { deletedAt: new Date() },
  );
  const due = await ctx.em.find(
    Attachment,
    { deletedAt: { $lt: new Date(Date.now() - retentionMs) } },
    { limit: 200, orderBy: { id: 'asc' } },
  );
  for (const a of due) {
    await ctx.em.nativeDelete(Attachment, { id: a.id });
    if (await ctx.em.count(Attachment, { hash: a.hash, deletedAt: null })) continue;
    await ctx.runtime.storage.remove(a.path.replace(/^\//, ''));
    if (a.type === AttachmentType.Document) await ctx.runtime.storage.removeDir(previewDir(a.hash));
  }
  return { orphaned, purged: due.length };
}
