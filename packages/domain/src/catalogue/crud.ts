import type { EntityName } from '@mikro-orm/core';
import type { PermissionKey, PlainReasonKey } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { can } from '../permissions.ts';
import { escapeLike, pageWindow, parseOrder, patchFrom, presentRow, type Snake } from '../presenter.ts';

export interface CrudOptions<E extends object, K extends string> {
  entity: EntityName<E>;
  /** Wire name of the list key (`friendlink`, `banner`, …). */
  key: K;
  /** Input fields (snake_case) copied onto the entity. */
  fields: readonly string[];
  notFoundReason: PlainReasonKey;
  defaultOrder: Record<string, 'asc' | 'desc'>;
  sortable: readonly string[];
  /** Entity properties matched by `wd`. */
  searchIn: readonly string[];
  /** Permission whose holders see disabled rows; everyone else sees enabled ones only. */
  manage: PermissionKey;
}

const canManage = (ctx: DomainContext, key: PermissionKey) => can(ctx.actor, key);

/** List, get, create, update and delete of a plain catalogue table, with the public seeing enabled rows only. */
export function crud<E extends object, K extends string>(opts: CrudOptions<E, K>) {
  const publicScope = (ctx: DomainContext) => (canManage(ctx, opts.manage) ? {} : { enable: true });

  return {
    async list(
      ctx: DomainContext,
      input: { page: number; size: number; wd?: string; order?: string; enable?: boolean[]; field?: string[] },
      extraWhere: Record<string, unknown> = {},
    ) {
      const where: Record<string, unknown> = { ...extraWhere, ...publicScope(ctx) };
      if (input.enable?.length && canManage(ctx, opts.manage)) where.enable = { $in: input.enable };
      if (input.wd) {
        const like = `%${escapeLike(input.wd)}%`;
        where.$or = opts.searchIn.map((f) => ({ [f]: { $ilike: like } }));
      }
      const [rows, total] = await ctx.em.findAndCount(opts.entity, where as never, {
        orderBy: parseOrder(input.order, opts.sortable, opts.defaultOrder) as never,
        ...pageWindow(input),
      });
      const fields = input.field?.length ? new Set([...input.field, 'id']) : null;
      const items = rows.map((r) => {
        const dto = presentRow(r as E);
        return (fields ? Object.fromEntries(Object.entries(dto).filter(([k]) => fields.has(k))) : dto) as Snake<E>;
      });
      return { total, [opts.key]: items } as { total: number } & { [P in K]: Snake<E>[] };
    },

    async load(ctx: DomainContext, id: number) {
      const row = await ctx.em.findOne(opts.entity, { id, ...publicScope(ctx) } as never);
      if (!row) throw notFound(opts.notFoundReason);
      return row as E;
    },

    async get(ctx: DomainContext, id: number) {
      return presentRow(await this.load(ctx, id));
    },

    async create(ctx: DomainContext, input: Record<string, unknown>, extra: Record<string, unknown> = {}) {
      const row = ctx.em.create(opts.entity, { ...patchFrom(input, opts.fields), ...extra } as never);
      await ctx.em.flush();
      return presentRow(row as E);
    },

    async update(
      ctx: DomainContext,
      input: { id: number } & Record<string, unknown>,
      extra: Record<string, unknown> = {},
    ) {
      const row = await ctx.em.findOne(opts.entity, { id: input.id } as never);
      if (!row) throw notFound(opts.notFoundReason);
      ctx.em.assign(row, { ...patchFrom(input, opts.fields), ...extra } as never);
      await ctx.em.flush();
      return presentRow(row as E);
    },

    async remove(ctx: DomainContext, ids: number[]) {
      await ctx.em.nativeDelete(opts.entity, { id: { $in: ids } } as never);
    },
  };
}
