import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_KEY } from '@/components/layout/chunk-reload';
import { lazyPart, partsLoading } from './lazy-part';

describe('lazyPart', () => {
  it('is left to the browser by a render before its code arrived, and painted by the render after', async () => {
    let arrive: (v: unknown) => void = () => undefined;
    const code = new Promise((r) => {
      arrive = r;
    });
    const Part = lazyPart(async () => {
      await code;
      return ({ name }: { name: string }) => <p>hello {name}</p>;
    });
    const page = (
      <div>
        <Suspense fallback={null}>
          <Part name="reader" />
        </Suspense>
      </div>
    );
    // What the server's first render of the part gives: a boundary the browser renders (entry-server.tsx renders
    // again when it sees one).
    expect(renderToString(page)).toContain('<!--$!-->');
    let settled = false;
    const waiting = partsLoading().then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    arrive(undefined);
    await waiting;
    expect(renderToString(page)).toBe('<div><!--$--><p>hello <!-- -->reader</p><!--/$--></div>');
    // Nothing is waited for any more.
    await expect(partsLoading()).resolves.toEqual([]);
  });

  it('shows what it is given instead when its code cannot be fetched, and reloads the page once for it', async () => {
    sessionStorage.removeItem(CHUNK_RELOAD_KEY);
    const Part = lazyPart<object>(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/comments-x.js')),
      () => <p>not loaded</p>,
    );
    const page = (
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    );
    expect(renderToString(page)).toContain('<!--$!-->');
    // The server is not kept waiting for it.
    await expect(partsLoading()).resolves.toHaveLength(1);
    await expect(partsLoading()).resolves.toEqual([]);
    // The rest of the page stays: the part says it did not load, and no error reaches the page's boundary.
    expect(renderToString(page)).toBe('<!--$--><p>not loaded</p><!--/$-->');
    // A failed chunk reloads the page (spec §4: remembered, so at most once a minute).
    expect(Number(sessionStorage.getItem(CHUNK_RELOAD_KEY))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows nothing by default for a part that failed otherwise, without reloading', async () => {
    sessionStorage.removeItem(CHUNK_RELOAD_KEY);
    const Part = lazyPart<object>(() => Promise.reject(new Error('gone')));
    const page = (
      <div>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </div>
    );
    renderToString(page);
    await partsLoading();
    expect(renderToString(page)).toBe('<div><!--$--><!--/$--></div>');
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });
});
