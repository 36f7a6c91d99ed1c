import type { EntityManager, IConfig } from '@wenku/db';
import { Config } from '@wenku/db';
import { parseConfigValue, type SettingCategory, type SettingKey, type SettingKeyOf } from '@wenku/shared';

export type { SettingKey } from '@wenku/shared';

/** A read-only view of every settings row, typed on read by the row's input type. */
export class Settings {
  /** Values derived from this snapshot (e.g. the public settings), computed once per snapshot. */
  private readonly memo = new Map<string, unknown>();

  constructor(private readonly rows: ReadonlyMap<string, IConfig>) {}

  memoize<T>(key: string, compute: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, compute());
    return this.memo.get(key) as T;
  }

  row(key: SettingKey): IConfig | undefined {
    return this.rows.get(key);
  }

  str(key: SettingKey, fallback = ''): string {
    return this.rows.get(key)?.value ?? fallback;
  }

  /** `str` for the providers, which read their `category.name` keys through a getter. */
  readonly getter = (key: SettingKey): string => this.str(key);

  num(key: SettingKeyOf<'number'>, fallback = 0): number {
    const v = this.rows.get(key)?.value;
    if (v === undefined || v.trim() === '') return fallback;
    const n = Number(v);
    return Number.isFinite(n) ? n : fallback;
  }

  bool(key: SettingKeyOf<'switch'>, fallback = false): boolean {
    const v = this.rows.get(key)?.value;
    return v === undefined ? fallback : v === 'true';
  }

  list(key: SettingKeyOf<'select-multi'>): string[] {
    return parseConfigValue('select-multi', this.rows.get(key)?.value ?? '') as string[];
  }

  /** Every row of one category, parsed by input type (secrets included: never send this to a client as is). */
  category(category: SettingCategory): Record<string, string | number | boolean | string[]> {
    const out: Record<string, string | number | boolean | string[]> = {};
    for (const r of this.rows.values()) {
      if (r.category === category) out[r.name] = parseConfigValue(r.inputType, r.value);
    }
    return out;
  }
}

/**
 * Settings are read on almost every request, so each process keeps a snapshot for a few seconds. An update drops
 * the local snapshot at once, and every other process drops its own when PostgreSQL notifies the change (the
 * `config` and `language` tables notify on commit); the TTL only bounds what a lost notification could leave.
 */
export class SettingsCache {
  private snapshot: { at: number; settings: Settings } | null = null;
  private loading: Promise<Settings> | null = null;
  private readonly listeners = new Set<() => void>();
  /** Bumped by every invalidation: a load that started before one does not keep its (possibly old) rows. */
  private generation = 0;

  constructor(private readonly ttlMs = 5_000) {}

  /** The snapshot while it is fresh, without a database at hand (what most requests find). */
  fresh(): Settings | null {
    return this.snapshot && Date.now() - this.snapshot.at < this.ttlMs ? this.snapshot.settings : null;
  }

  async get(em: EntityManager): Promise<Settings> {
    const fresh = this.fresh();
    if (fresh) return fresh;
    // Inside a transaction the caller's own connection must be used (embedded PostgreSQL trap), so only share
    // an in-flight load between callers outside transactions. A shared load runs on an entity manager of its own:
    // on the first caller's, a flush of that caller (its transaction) would carry the load's query, and the error of
    // a query run there after the commit would reach every caller waiting for the load.
    if (em.isInTransaction()) return this.load(em);
    this.loading ??= this.load(em.fork()).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  invalidate(): void {
    this.snapshot = null;
    this.generation++;
    // A load in flight may have read the old rows: the next caller starts a fresh one.
    this.loading = null;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` whenever the settings change (caches derived from them, e.g. rendered pages, drop too). */
  onInvalidate(listener: () => void): void {
    this.listeners.add(listener);
  }

  private async load(em: EntityManager): Promise<Settings> {
    const generation = this.generation;
    const rows = await em.find(Config, {}, { orderBy: { category: 'asc', sort: 'asc' } });
    // Plain copies: the snapshot outlives the request whose entity manager loaded it.
    const settings = new Settings(new Map(rows.map((r) => [`${r.category}.${r.name}`, { ...r }])));
    if (generation === this.generation) this.snapshot = { at: Date.now(), settings };
    return settings;
  }
}
