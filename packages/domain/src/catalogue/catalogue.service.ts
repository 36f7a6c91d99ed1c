import { Advertisement, Banner, Friendlink, Language, Navigation } from '@wenku/db';
import { ALL_AD_POSITIONS, isVipUser } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { conflict, forbidden, invalid, notFound } from '../errors.ts';
import { presentRow } from '../presenter.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { crud } from './crud.ts';

export const friendlinks = crud({
  entity: Friendlink,
  key: 'friendlink',
  fields: ['title', 'link', 'description', 'sort', 'enable'],
  notFoundReason: 'catalogue.friendlink_not_found',
  defaultOrder: { enable: 'desc', sort: 'desc', id: 'asc' },
  sortable: ['id', 'sort', 'title', 'created_at'],
  searchIn: ['title', 'link', 'description'],
  manage: 'FriendlinkAPI.ListFriendlink',
});

export const banners = crud({
  entity: Banner,
  key: 'banner',
  fields: ['title', 'description', 'path', 'url', 'sort', 'enable', 'type'],
  notFoundReason: 'catalogue.banner_not_found',
  defaultOrder: { enable: 'desc', sort: 'desc', id: 'desc' },
  sortable: ['id', 'sort', 'title', 'created_at'],
  searchIn: ['title', 'description', 'url'],
  manage: 'BannerAPI.ListBanner',
});

export const languages = crud({
  entity: Language,
  key: 'language',
  fields: ['language', 'code', 'enable', 'sort'],
  notFoundReason: 'catalogue.language_not_found',
  defaultOrder: { enable: 'desc', sort: 'desc', id: 'asc' },
  sortable: ['id', 'sort', 'code', 'language'],
  searchIn: ['language', 'code'],
  manage: 'LanguageAPI.ListLanguage',
});

export const advertisements = crud({
  entity: Advertisement,
  key: 'advertisement',
  fields: ['position', 'title', 'content', 'remark', 'enable'],
  notFoundReason: 'catalogue.advertisement_not_found',
  defaultOrder: { id: 'desc' },
  sortable: ['id', 'position', 'created_at', 'start_time', 'end_time'],
  searchIn: ['title', 'content', 'remark'],
  manage: 'AdvertisementAPI.ListAdvertisement',
});

export const navigations = crud({
  entity: Navigation,
  key: 'navigation',
  fields: ['title', 'href', 'color', 'target', 'sort', 'enable', 'description', 'parent_id'],
  notFoundReason: 'catalogue.navigation_not_found',
  defaultOrder: { sort: 'desc', id: 'asc' },
  sortable: ['id', 'sort', 'title'],
  searchIn: ['title', 'href'],
  manage: 'NavigationAPI.ListNavigation',
});

// ---- languages: unique code ----
export async function saveLanguage(ctx: DomainContext, input: { id?: number; code: string } & Record<string, unknown>) {
  if (await ctx.em.count(Language, { code: input.code, ...(input.id ? { id: { $ne: input.id } } : {}) })) {
    throw conflict('catalogue.language_code_exists');
  }
  const saved = input.id ? await languages.update(ctx, input as { id: number }) : await languages.create(ctx, input);
  // Enabled languages are part of the public settings, cached with the settings snapshot.
  ctx.runtime.settings.invalidate();
  return saved;
}

export async function setLanguagesEnabled(ctx: DomainContext, ids: number[], enable: boolean) {
  await ctx.em.nativeUpdate(Language, { id: { $in: ids } }, { enable });
  ctx.runtime.settings.invalidate();
}

export async function deleteLanguages(ctx: DomainContext, ids: number[]) {
  await languages.remove(ctx, ids);
  ctx.runtime.settings.invalidate();
}

// ---- navigation: a tree with fixed items ----
async function assertNavParent(ctx: DomainContext, parentId: number | undefined, selfId?: number) {
  if (!parentId) return;
  if (parentId === selfId) throw invalid('catalogue.navigation_own_child', 'parent_id');
  const parent = await ctx.em.findOne(Navigation, { id: parentId });
  if (!parent) throw invalid('catalogue.parent_navigation_not_found', 'parent_id');
  let cursor = parent;
  for (let depth = 0; cursor.parentId && depth < 50; depth++) {
    if (cursor.parentId === selfId) throw invalid('catalogue.navigation_under_own_child', 'parent_id');
    const next = await ctx.em.findOne(Navigation, { id: cursor.parentId });
    if (!next) break;
    cursor = next;
  }
}

export async function saveNavigation(
  ctx: DomainContext,
  input: { id?: number; parent_id?: number } & Record<string, unknown>,
) {
  await assertNavParent(ctx, input.parent_id, input.id);
  // `fixed` is never taken from input: only seeded items are fixed (moredoc-facts §18.2).
  return input.id ? navigations.update(ctx, input as { id: number }) : navigations.create(ctx, input, { fixed: false });
}

/** Deletes navigation items and their descendants; fixed (built-in) items cannot be deleted. */
export async function deleteNavigations(ctx: DomainContext, ids: number[]) {
  await ctx.em.transactional(async (em) => {
    const all = await em.find(Navigation, {});
    const doomed = new Set<number>();
    const visit = (id: number) => {
      const n = all.find((x) => x.id === id);
      if (!n) throw notFound('catalogue.navigation_not_found');
      if (n.fixed) throw forbidden('catalogue.fixed_navigation');
      doomed.add(id);
      for (const child of all.filter((x) => x.parentId === id)) visit(child.id);
    };
    for (const id of ids) visit(id);
    await em.nativeDelete(Navigation, { id: { $in: [...doomed] } });
  });
}

// ---- advertisements ----
/** A time left out keeps its stored value; null or '' clears it. The window must not end before it starts. */
async function adTimes(
  ctx: DomainContext,
  input: { id?: number; start_time?: string | null; end_time?: string | null },
): Promise<{ startTime?: Date | null; endTime?: Date | null }> {
  const parse = (v: string | null | undefined) => (v === undefined ? undefined : v ? new Date(v) : null);
  const out = { startTime: parse(input.start_time), endTime: parse(input.end_time) };
  const stored = input.id ? await ctx.em.findOne(Advertisement, { id: input.id }) : null;
  const start = out.startTime === undefined ? (stored?.startTime ?? null) : out.startTime;
  const end = out.endTime === undefined ? (stored?.endTime ?? null) : out.endTime;
  if (start && end && end < start) throw invalid('common.end_before_start', 'end_time');
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

export async function saveAdvertisement(
  ctx: DomainContext,
  input: { id?: number; start_time?: string | null; end_time?: string | null } & Record<string, unknown>,
) {
  const times = await adTimes(ctx, input);
  return input.id
    ? advertisements.update(ctx, input as { id: number }, times)
    : advertisements.create(ctx, input, { ...times, userId: ctx.actor?.user.id ?? 0 });
}

/** Ads the public may see now: enabled and inside their time window. */
const liveAds = (now = new Date()) => ({
  enable: true,
  $and: [
    { $or: [{ startTime: null }, { startTime: { $lte: now } }] },
    { $or: [{ endTime: null }, { endTime: { $gte: now } }] },
  ],
});

/**
 * Public ads by position (spec §7): enabled and inside their time window, remark hidden. VIP members get an empty
 * list (spec §1: VIP members see no advertisements).
 */
export async function advertisementsByPosition(ctx: DomainContext, positions: string[]) {
  const wanted = positions.filter((p) => (ALL_AD_POSITIONS as readonly string[]).includes(p));
  if (wanted.length === 0) return { total: 0, advertisement: [] };
  if (ctx.actor && isVipUser(ctx.actor.user, (await loadSettings(ctx)).bool('vip.enable'))) {
    return { total: 0, advertisement: [] };
  }
  const rows = await ctx.em.find(
    Advertisement,
    { position: { $in: wanted }, ...liveAds() },
    { orderBy: { id: 'desc' } },
  );
  return { total: rows.length, advertisement: rows.map((r) => ({ ...presentRow(r), remark: '' })) };
}

/**
 * The HTML of one live ad, for its sandboxed frame (issue 15 item 3). The frame's request carries no session, so
 * this is what any visitor may see: the same ads the by-position list gives an anonymous visitor. Throws NOT_FOUND.
 */
export async function liveAdvertisementContent(ctx: DomainContext, id: number): Promise<string> {
  const ad = await ctx.em.findOne(Advertisement, { id, ...liveAds() });
  if (!ad) throw notFound('catalogue.advertisement_not_found');
  return ad.content;
}
