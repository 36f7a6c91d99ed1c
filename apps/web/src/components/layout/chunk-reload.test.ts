import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadForChunkError, shouldReloadForChunk } from './chunk-reload';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('failed code chunks (spec §4)', () => {
  it('recognises the browsers’ dynamic-import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('用户名或密码错误'))).toBe(false);
  });

  it('reloads at most once per minute', () => {
    expect(shouldReloadForChunk(null, 1000)).toBe(true);
    expect(shouldReloadForChunk('1000', 60_999)).toBe(false);
    expect(shouldReloadForChunk('1000', 61_000)).toBe(true);
    expect(shouldReloadForChunk('garbage', 5)).toBe(true);
  });

  it('remembers the reload time in session storage', () => {
    const storage = memory();
    const reload = vi.fn();
    expect(reloadForChunkError(storage, 10_000, reload)).toBe(true);
    expect(storage.m.get(CHUNK_RELOAD_KEY)).toBe('10000');
    expect(reloadForChunkError(storage, 30_000, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForChunkError(undefined, 30_000, reload)).toBe(false);
  });
});
