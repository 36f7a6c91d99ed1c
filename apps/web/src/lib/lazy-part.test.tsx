import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
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

  it('does not keep the server waiting for code that failed to load', async () => {
    const Part = lazyPart<object>(() => Promise.reject(new Error('gone')));
    expect(
      renderToString(
        <Suspense fallback={null}>
          <Part />
        </Suspense>,
      ),
    ).toContain('<!--$!-->');
    await expect(partsLoading()).resolves.toHaveLength(1);
    await expect(partsLoading()).resolves.toEqual([]);
  });
});
