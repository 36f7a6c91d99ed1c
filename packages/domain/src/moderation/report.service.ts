import { Article, Document, Report } from '@wenku/db';
import { ArticleStatus, DocumentStatus } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { conflict, notFound } from '../errors.ts';
import { requireActor } from '../permissions.ts';
import { publicTarget } from '../policies/public-target.ts';
import { escapeLike, type ListQuery, orderBySql } from '../presenter.ts';
import { kickSearchIndexer, touchSearchIndex } from '../search/indexer.service.ts';
import { presentReport, type ReportRow } from './moderation.presenter.ts';

/**
 * Reports (moredoc-facts §12, articles added): a member reports an item once with one of the six reasons; the back
 * office marks reports handled with a remark and may act on them at once (disable the document, reject the article);
 * punishing the owner goes through the punishments page with the owner's id the list provides.
 */

export async function createReport(ctx: DomainContext, input: { document_id: number; type: number; reason: number }) {
  const actor = requireActor(ctx);
  const target = await publicTarget(ctx.em, input.type, input.document_id);
  const rows = await ctx.em.execute<{ id: number }[]>(
    `insert into report (document_id, type, user_id, reason, document_title, username) values (?, ?, ?, ?, ?, ?)
     on conflict (user_id, type, document_id) do nothing returning id`,
    [target.id, target.type, actor.user.id, input.reason, target.title.slice(0, 255), actor.user.username],
  );
  if (!rows[0]) throw conflict(target.type === 1 ? 'moderation.article_reported' : 'moderation.document_reported');
  return { id: rows[0].id };
}

const SELECT = `select r.*, coalesce(d.uuid, a.identifier) as slug, coalesce(d.user_id, a.user_id) as owner_id
  from report r
  left join document d on r.type = 0 and d.id = r.document_id
  left join article a on r.type = 1 and a.id = r.document_id`;

/** GET /report/list (administrators): title contains `wd`; filters by handled, type and reason. */
export async function listReports(
  ctx: DomainContext,
  input: ListQuery & {
    status?: boolean[];
    type?: number[];
    reason?: number[];
  },
) {
  const where: string[] = ['true'];
  const params: unknown[] = [];
  if (input.wd) {
    where.push('r.document_title ilike ?');
    params.push(`%${escapeLike(input.wd)}%`);
  }
  for (const [col, values] of [
    ['status', input.status],
    ['type', input.type],
    ['reason', input.reason],
  ] as const) {
    if (values?.length) {
      where.push(`r.${col} in (${values.map(() => '?').join(',')})`);
      params.push(...values);
    }
  }
  const order = orderBySql(input.order, ['id', 'created_at', 'reason'], { id: 'desc' }, 'r');
  const [count] = await ctx.em.execute<{ n: string }[]>(
    `select count(*) as n from report r where ${where.join(' and ')}`,
    params,
  );
  const rows = await ctx.em.execute<ReportRow[]>(
    `${SELECT} where ${where.join(' and ')} order by ${order} limit ? offset ?`,
    [...params, input.size, (input.page - 1) * input.size],
  );
  return { total: Number(count?.n ?? 0), report: rows.map(presentReport) };
}

/** PUT /report: handled flag and remark; `disable_item` disables the document or rejects the article. */
export async function updateReport(
  ctx: DomainContext,
  input: { id: number; status?: boolean; remark?: string; disable_item?: boolean },
) {
  await ctx.em.transactional(async (em) => {
    const r = await em.findOne(Report, { id: input.id });
    if (!r) throw notFound('moderation.report_not_found');
    if (input.status !== undefined) r.status = input.status;
    if (input.remark !== undefined) r.remark = input.remark;
    if (input.disable_item) {
      if (r.type === 1)
        await em.nativeUpdate(
          Article,
          { id: r.documentId },
          { status: ArticleStatus.Rejected, rejectReason: input.remark || '因举报被下架' },
        );
      else await em.nativeUpdate(Document, { id: r.documentId }, { status: DocumentStatus.Disabled });
      await touchSearchIndex(em, r.type === 1 ? 1 : 0, [r.documentId]);
      r.status = true;
    }
    await em.flush();
  });
  await kickSearchIndexer(ctx);
  const [row] = await ctx.em.execute<ReportRow[]>(`${SELECT} where r.id = ?`, [input.id]);
  return presentReport(row as ReportRow);
}

/** DELETE /report?id=. */
export async function deleteReports(ctx: DomainContext, ids: number[]) {
  await ctx.em.nativeDelete(Report, { id: { $in: ids } });
}
