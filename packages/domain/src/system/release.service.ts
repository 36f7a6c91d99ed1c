import { Config } from '@wenku/db';
import { DomainError } from '@wenku/shared';
import { INTERNAL_SETTINGS } from '@wenku/shared/config-definitions';
import type { DomainContext } from '../context.ts';
import { forbidden, invalid } from '../errors.ts';
import { loadSettings } from '../settings/settings.service.ts';

/** Release-check rows live in the locked `release` category (moredoc-facts §4.10): written only here. */
export const RELEASE_ROWS = INTERNAL_SETTINGS.release;
export const RELEASE_SOURCES = ['none', 'github', 'url'] as const;
const DEFAULT_GITHUB_REPO = 'wenku-dev/wenku';

const requireAdmin = (ctx: DomainContext) => {
  if (!ctx.actor?.isAdmin) throw forbidden('release.admin_only');
};

/** Numeric comparison of `v1.2.3`-style tags; true when `latest` is newer than `current`. */
export function isNewerVersion(latest: string, current: string): boolean {
  const parts = (v: string) =>
    v
      .replace(/^v/i, '')
      .split(/[.-]/)
      .map((p) => Number.parseInt(p, 10) || 0);
  const a = parts(latest);
  const b = parts(current);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return false;
}

export async function getRelease(ctx: DomainContext) {
  requireAdmin(ctx);
  const s = await loadSettings(ctx);
  const tag = s.str('release.tag_name');
  return {
    version: ctx.runtime.version,
    source: s.str('release.source', 'none') || 'none',
    url: s.str('release.url'),
    // Left out while no release is known: MOREDOC omits empty fields, and its dashboard shows a 新版本 badge for any
    // tag_name it is given.
    ...(tag ? { tag_name: tag } : {}),
    name: s.str('release.name'),
    body: s.str('release.body'),
    release_at: s.str('release.release_at'),
    has_new: !!tag && tag !== s.str('release.ignore') && isNewerVersion(tag, ctx.runtime.version),
  };
}

async function writeRelease(ctx: DomainContext, values: Partial<Record<(typeof RELEASE_ROWS)[number], string>>) {
  for (const [name, value] of Object.entries(values)) {
    await ctx.em.upsert(
      Config,
      { category: 'release', name, value, label: name, inputType: 'text' },
      { onConflictFields: ['category', 'name'], onConflictMergeFields: ['value'] },
    );
  }
  ctx.runtime.settings.invalidate();
}

export async function setReleaseSource(ctx: DomainContext, input: { source: string; url?: string }) {
  requireAdmin(ctx);
  if (!(RELEASE_SOURCES as readonly string[]).includes(input.source))
    throw invalid('release.source_unsupported', 'source');
  if (input.source === 'url' && !/^https?:\/\/\S+$/.test(input.url ?? '')) throw invalid('release.url_invalid', 'url');
  await writeRelease(ctx, { source: input.source, ...(input.url !== undefined ? { url: input.url } : {}) });
  return getRelease(ctx);
}

export async function ignoreRelease(ctx: DomainContext) {
  requireAdmin(ctx);
  const s = await loadSettings(ctx);
  await writeRelease(ctx, { ignore: s.str('release.tag_name') });
  return getRelease(ctx);
}

/**
 * Fetches the latest release from the configured source: GitHub's releases API, or any URL answering the same JSON
 * shape (`tag_name`, `name`, `body`, `published_at`). Throws FEATURE_DISABLED without a source, INTERNAL on failure.
 */
export async function refreshRelease(ctx: DomainContext) {
  requireAdmin(ctx);
  const s = await loadSettings(ctx);
  const source = s.str('release.source', 'none');
  const url =
    source === 'github'
      ? `https://api.github.com/repos/${s.str('release.url') || DEFAULT_GITHUB_REPO}/releases/latest`
      : source === 'url'
        ? s.str('release.url')
        : '';
  if (!url) throw new DomainError('FEATURE_DISABLED', 'release.source_missing');
  let data: { tag_name?: string; name?: string; body?: string; published_at?: string };
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'wenku' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    data = (await res.json()) as typeof data;
  } catch (e) {
    throw new DomainError('INTERNAL', { key: 'release.check_failed', params: { detail: (e as Error).message } });
  }
  if (!data.tag_name) throw new DomainError('INTERNAL', 'release.no_version');
  await writeRelease(ctx, {
    tag_name: String(data.tag_name).slice(0, 64),
    name: String(data.name ?? '').slice(0, 255),
    body: String(data.body ?? '').slice(0, 10_000),
    release_at: String(data.published_at ?? ''),
  });
  return getRelease(ctx);
}
