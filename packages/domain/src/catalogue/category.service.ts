import { LockMode } from '@mikro-orm/core';
import { Category, type EntityManager, type ICategory } from '@wenku/db';
import type { DomainContext } from '../context.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { can } from '../permissions.ts';
import { escapeLike, patchFrom, presentRow } from '../presenter.ts';
import { type CategoryRow, presentCategoryRow } from './catalogue.presenter.ts';

const FIELDS = ['parent_id', 'icon', 'cover', 'type', 'sort', 'enable', 'description', 'show_description'] as const;
const canManage = (ctx: DomainContext) => can(ctx.actor, 'CategoryAPI.ListCategory');

export interface CategoryRef {
  id: number;
  title: string;
  parent_id: number;
}

/**
 * The categories of each item as objects, parents before children (MOREDOC lists send `category[]` beside
 * `category_id[]`: its admin tables and breadcrumbs read the titles from there). One query for all items.
 */
export async function categoryChains(
  em: EntityManager,
  idsByItem: ReadonlyMap<number, readonly number[]>,
): Promise<Map<number, CategoryRef[]>> {
  const all = [...new Set([...idsByItem.values()].flat())];
  const rows = all.length ? await em.find(Category, { id: { $in: all } }) : [];
  const byId = new Map(rows.map((c) => [c.id, { id: c.id, title: c.title, parent_id: c.parentId }]));
  const chains = new Map<number, CategoryRef[]>();
  for (const [item, ids] of idsByItem) {
    const refs = ids.map((id) => byId.get(id)).filter((c): c is CategoryRef => !!c);
    const depth = (c: CategoryRef) => {
      let d = 0;
      for (let p = c; p.parent_id && d < refs.length; d++) {
        const parent = refs.find((r) => r.id === p.parent_id);
        if (!parent) break;
        p = parent;
      }
      return d;
    };
    chains.set(
      item,
      refs.sort((a, b) => depth(a) - depth(b)),
    );
  }
  return chains;
}

/**
 * Category list (moredoc-facts §18.1): default type 0; the public sees enabled categories only; no paging unless
 * asked; order parent, sort desc, title.
 */
export async function listCategories(
  ctx: DomainContext,
  input: {
    type?: number[];
    parent_id?: number[];
    enable?: boolean[];
    wd?: string;
    field?: string[];
    page?: number;
    size?: number;
  },
) {
  // A hot public read: one statement returning plain rows, no query builder and no entity hydration (their cost
  // was larger than the query's own, scripts/bench/api.ts). Values are bound, never spliced into the text.
  const where: string[] = [];
  const params: unknown[] = [];
  const isIn = (column: string, values: readonly unknown[]) => {
    where.push(`"${column}" in (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  isIn('type', input.type?.length ? input.type : [0]);
  if (input.parent_id?.length) isIn('parent_id', input.parent_id);
  if (!canManage(ctx)) where.push('"enable" = true');
  else if (input.enable?.length) isIn('enable', input.enable);
  if (input.wd) {
    where.push('"title" ilike ?');
    params.push(`%${escapeLike(input.wd)}%`);
  }
  const from = `from "category" where ${where.join(' and ')}`;
  const size = input.size && input.size > 0 ? input.size : 0;
  const connection = ctx.em.getConnection();
  const [rows, counted] = await Promise.all([
    connection.execute<CategoryRow[]>(
      `select * ${from} order by "parent_id" asc, "sort" desc, "title" asc${size ? ' limit ? offset ?' : ''}`,
      size ? [...params, size, ((input.page || 1) - 1) * size] : params,
    ),
    size ? connection.execute<{ n: string }[]>(`select count(*) as "n" ${from}`, params) : Promise.resolve(null),
  ]);
  const fields = input.field?.length ? new Set([...input.field, 'id']) : null;
  const category = rows.map((r) => presentCategoryRow(r, fields));
  return { total: counted ? Number(counted[0]?.n ?? 0) : rows.length, category };
}

export async function getCategory(ctx: DomainContext, id: number) {
  const c = await ctx.em.findOne(Category, { id, ...(canManage(ctx) ? {} : { enable: true }) });
  if (!c) throw notFound('catalogue.category_not_found');
  return presentRow(c);
}

async function assertParent(ctx: DomainContext, parentId: number, type: number, selfId?: number) {
  if (!parentId) return;
  const parent = await ctx.em.findOne(Category, { id: parentId });
  if (!parent) throw invalid('catalogue.parent_category_not_found', 'parent_id');
  if (parent.type !== type) throw invalid('catalogue.parent_category_other_type', 'parent_id');
  if (selfId) {
    // A category can never sit below itself or one of its descendants.
    let cursor: ICategory | null = parent;
    for (let depth = 0; cursor && depth < 100; depth++) {
      if (cursor.id === selfId) throw invalid('catalogue.category_under_itself', 'parent_id');
      cursor = cursor.parentId ? await ctx.em.findOne(Category, { id: cursor.parentId }) : null;
    }
  }
}

/** Creates one category per line of `title`; titles that already exist under the parent are skipped (moredoc). */
export async function createCategories(ctx: DomainContext, input: { title: string } & Record<string, unknown>) {
  const titles = [
    ...new Set(
      input.title
        .split(/\r?\n/)
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (titles.some((t) => t.length > 64)) throw invalid('catalogue.category_title_too_long', 'title');
  const patch = patchFrom(input, FIELDS) as Partial<ICategory>;
  const type = patch.type ?? 0;
  const parentId = patch.parentId ?? 0;
  return ctx.em.transactional(async (em) => {
    await assertParent({ ...ctx, em }, parentId, type);
    const existing = await em.find(Category, { parentId, type, title: { $in: titles } });
    const skip = new Set(existing.map((c) => c.title));
    const created = titles
      .filter((t) => !skip.has(t))
      .map((title) => em.create(Category, { ...patch, title, parentId, type }));
    await em.flush();
    return { category: created.map(presentRow) };
  });
}

export async function updateCategory(
  ctx: DomainContext,
  input: { id: number; title: string } & Record<string, unknown>,
) {
  return ctx.em.transactional(async (em) => {
    const c = await em.findOne(Category, { id: input.id });
    if (!c) throw notFound('catalogue.category_not_found');
    const patch = patchFrom(input, FIELDS) as Partial<ICategory>;
    // The type of a category is fixed once documents or articles can hang below it.
    delete patch.type;
    const parentId = patch.parentId ?? c.parentId;
    await assertParent({ ...ctx, em }, parentId, c.type, c.id);
    const title = input.title.trim();
    if (await em.count(Category, { parentId, type: c.type, title, id: { $ne: c.id } }))
      throw conflict('catalogue.category_exists');
    const moved = parentId !== c.parentId;
    const oldAncestors = moved ? await ancestorsOf(em, c.parentId) : [];
    em.assign(c, { ...patch, title, parentId });
    await em.flush();
    if (moved) await relinkSubtree(em, c.id, oldAncestors, await ancestorsOf(em, parentId));
    return presentRow(c);
  });
}

/**
 * Sets the order of one parent's children (drag and drop in the back office): `id` is their complete new order and
 * the first sorts highest (the lists order by `sort desc`). Throws CONFLICT when `id` is not exactly that parent's
 * children of that type (someone changed the tree meanwhile); nothing changes then.
 */
export async function sortCategories(ctx: DomainContext, input: { parent_id: number; type: number; id: number[] }) {
  await ctx.em.transactional(async (em) => {
    // Locked so that two concurrent drags apply one after the other, each checked against the other's result.
    const siblings = await em.find(
      Category,
      { parentId: input.parent_id, type: input.type },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const byId = new Map(siblings.map((c) => [c.id, c]));
    const exact =
      siblings.length === input.id.length &&
      new Set(input.id).size === input.id.length &&
      input.id.every((id) => byId.has(id));
    if (!exact) throw conflict('catalogue.categories_changed');
    input.id.forEach((id, index) => {
      const c = byId.get(id) as ICategory;
      const sort = input.id.length - index;
      // Only rows whose place changes are written (and get a new updated_at).
      if (c.sort !== sort) c.sort = sort;
    });
    await em.flush();
  });
}

/** A category and its ancestors, nearest first ([] for the top level). */
async function ancestorsOf(em: DomainContext['em'], id: number): Promise<number[]> {
  const out: number[] = [];
  let cursor = id ? await em.findOne(Category, { id }) : null;
  for (let depth = 0; cursor && depth < 100; depth++) {
    out.push(cursor.id);
    cursor = cursor.parentId ? await em.findOne(Category, { id: cursor.parentId }) : null;
  }
  return out;
}

/**
 * A document sits in every category of its path (moredoc-facts §2.2), so moving a category moves the documents of
 * its whole subtree from the old ancestors to the new ones, with doc_count kept exact on both sides.
 */
async function relinkSubtree(
  em: DomainContext['em'],
  categoryId: number,
  oldAncestors: number[],
  newAncestors: number[],
) {
  const subtree: { id: number }[] = await em.execute(
    `with recursive t as (select id from category where id = ? union all select c.id from category c join t on c.parent_id = t.id)
     select id from t`,
    [categoryId],
  );
  const ids = subtree.map((r) => r.id);
  const docs: { document_id: number }[] = await em.execute(
    `select distinct document_id from document_category where category_id in (${ids.map(() => '?').join(',')})`,
    ids,
  );
  const documentIds = docs.map((d) => d.document_id);
  if (documentIds.length === 0) return;
  const docList = documentIds.map(() => '?').join(',');
  // Links of documents in the recycle bin move too (for a restore), but only live documents are counted.
  const live = new Set(
    (
      (await em.execute(`select id from document where deleted_at is null and id in (${docList})`, documentIds)) as {
        id: number;
      }[]
    ).map((r) => r.id),
  );
  const liveCount = (rows: { document_id: number }[]) => rows.filter((r) => live.has(r.document_id)).length;
  for (const ancestor of oldAncestors.filter((a) => !newAncestors.includes(a))) {
    const removed: { document_id: number }[] = await em.execute(
      `delete from document_category where category_id = ? and document_id in (${docList}) returning document_id`,
      [ancestor, ...documentIds],
    );
    await em.execute('update category set doc_count = greatest(0, doc_count - ?) where id = ?', [
      liveCount(removed),
      ancestor,
    ]);
  }
  for (const ancestor of newAncestors.filter((a) => !oldAncestors.includes(a))) {
    const added: { document_id: number }[] = await em.execute(
      `insert into document_category (document_id, category_id, created_at, updated_at)
       select d, ?, now(), now() from unnest(?::int[]) d on conflict do nothing returning document_id`,
      // knex expands JS arrays into lists, so the ids travel as one PostgreSQL array literal.
      [ancestor, `{${documentIds.join(',')}}`],
    );
    await em.execute('update category set doc_count = doc_count + ? where id = ?', [liveCount(added), ancestor]);
  }
}

/**
 * Deletes categories with no documents, together with their empty descendants. A category that still holds
 * documents or articles (itself or below) is refused with a clear message instead of being skipped silently.
 */
export async function deleteCategories(ctx: DomainContext, ids: number[]) {
  await ctx.em.transactional(async (em) => {
    const all = await em.find(Category, {});
    const children = new Map<number, ICategory[]>();
    for (const c of all) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c]);
    const doomed = new Set<number>();
    const visit = (c: ICategory) => {
      if (c.docCount > 0) throw invalid({ key: 'catalogue.category_in_use', params: { title: c.title } }, 'id');
      doomed.add(c.id);
      for (const child of children.get(c.id) ?? []) visit(child);
    };
    for (const id of ids) {
      const c = all.find((x) => x.id === id);
      if (!c) throw notFound('catalogue.category_not_found');
      visit(c);
    }
    await em.nativeDelete(Category, { id: { $in: [...doomed] } });
  });
}
