import { CHUNK_RELOAD_INTERVAL_MS } from '@wenku/shared';

/** sessionStorage key remembering when the page last reloaded for a failed code chunk (spec §4). */
export const CHUNK_RELOAD_KEY = 'wenku-chunk-reload-at';

/** Messages browsers give when a dynamically imported chunk cannot be fetched (usually after a new deployment). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

/** spec §4: a failed chunk load reloads the page at most once per minute. */
export function shouldReloadForChunk(lastReloadAt: string | null, now: number): boolean {
  const last = Number(lastReloadAt);
  return !lastReloadAt || !Number.isFinite(last) || now - last >= CHUNK_RELOAD_INTERVAL_MS || last > now;
}

/** Reloads once per minute; returns whether a reload was started. Without storage it never reloads (no loop). */
export function reloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  now: number,
  reload: () => void,
): boolean {
  if (!storage) return false;
  try {
    if (!shouldReloadForChunk(storage.getItem(CHUNK_RELOAD_KEY), now)) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Storage blocked: we could not remember the reload, so reloading might loop. Show the error page instead.
    return false;
  }
  reload();
  return true;
}

/** The tab's sessionStorage, or undefined where storage is blocked. */
export function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
