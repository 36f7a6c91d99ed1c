import { act } from '@testing-library/react';
import { BREAKPOINT_MOBILE, SESSION_STORAGE_KEY } from '@wenku/shared';
import { useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLASH_KEY } from '@/hooks/use-flash';
import { STORAGE_KEY as LANGUAGE_KEY } from '@/i18n';
import { SSR_STATE_ID } from './ssr-state';
import {
  countViewWhileWaiting,
  ENTRY_DESKTOP_WIDTH,
  ENTRY_KEYS,
  ENTRY_PAINTED_ID,
  takeOverOnIntent,
  waitsForVisitor,
} from './take-over-on-intent';

let wide = false;

beforeEach(() => {
  wide = false;
  window.matchMedia = vi.fn((query: string) => ({ matches: wide && query.includes('min-width') })) as never;
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  delete document.documentElement.dataset.ready;
  delete document.documentElement.dataset.waiting;
  delete document.documentElement.dataset.taking;
  delete document.documentElement.dataset.viewCounted;
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** A page as the server paints it: the app's markup in #root and the JSON block of its data. */
function paintedPage(markup = '<main>page</main>'): HTMLElement {
  document.body.innerHTML = `<div id="root">${markup}</div><script type="application/json" id="${SSR_STATE_ID}">{}</script>`;
  return document.getElementById('root') as HTMLElement;
}

describe('the entry reads what the app writes', () => {
  it("uses the app's storage keys, state block id and desktop width", () => {
    expect(ENTRY_KEYS).toEqual({ session: SESSION_STORAGE_KEY, language: LANGUAGE_KEY, flash: FLASH_KEY });
    expect(ENTRY_PAINTED_ID).toBe(SSR_STATE_ID);
    expect(ENTRY_DESKTOP_WIDTH).toBe(BREAKPOINT_MOBILE);
  });
});

describe('waitsForVisitor', () => {
  it('waits on an anonymous zh-CN phone visitor of a page the server painted with the app', () => {
    expect(waitsForVisitor(paintedPage())).toBe(true);
    // A signed-out session (its token emptied) is a visitor too.
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: '', user: null }));
    expect(waitsForVisitor(paintedPage())).toBe(true);
  });

  it('starts at once for a member, an English reader, a wide screen, a message to show, or a page not painted', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'abc', user: { id: 1 } }));
    expect(waitsForVisitor(paintedPage())).toBe(false);
    localStorage.clear();
    localStorage.setItem(LANGUAGE_KEY, 'en');
    expect(waitsForVisitor(paintedPage())).toBe(false);
    localStorage.clear();
    sessionStorage.setItem(FLASH_KEY, '退出成功');
    expect(waitsForVisitor(paintedPage())).toBe(false);
    sessionStorage.clear();
    wide = true;
    expect(waitsForVisitor(paintedPage())).toBe(false);
    wide = false;
    // The shell with the page's static text (a gated site, a page left to the browser): no data block.
    document.body.innerHTML = '<div id="root"><section>text</section></div>';
    expect(waitsForVisitor(document.getElementById('root') as HTMLElement)).toBe(false);
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${SSR_STATE_ID}">{}</script>`;
    expect(waitsForVisitor(document.getElementById('root') as HTMLElement)).toBe(false);
    // Storage that throws (a browser's private mode): the app starts as before.
    const root = paintedPage();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(waitsForVisitor(root)).toBe(false);
    vi.restoreAllMocks();
  });
});

/** What the app does with the page: a search form (controlled field) and a button, marked ready once taken over. */
function Page({ log }: { log: string[] }) {
  const [keyword, setKeyword] = useState('Ty');
  const [count, setCount] = useState(0);
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <main>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          log.push(`search ${keyword}`);
        }}
      >
        <input aria-label="keyword" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <button type="submit">search</button>
      </form>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        liked {count}
      </button>
      <a href="/elsewhere">elsewhere</a>
      <a href="#comments">comments</a>
      {/* biome-ignore lint/a11y/useValidAnchor: a link that is only a script, as HTML from elsewhere may hold one */}
      <a href="#">more</a>
    </main>
  );
}

/** Paints `Page` as the server does and arms the entry; `takeOver` hydrates it when called. */
function armed() {
  const log: string[] = [];
  const root = paintedPage(renderToString(<Page log={log} />));
  const takeOver = vi.fn(async () => {
    await act(async () => {
      hydrateRoot(root, <Page log={log} />);
    });
  });
  takeOverOnIntent(takeOver);
  const button = () => root.querySelector('button[type="button"]') as HTMLButtonElement;
  const field = () => root.querySelector('input') as HTMLInputElement;
  return { log, root, takeOver, button, field };
}

/** Lets the held tap or form reach the app (it is handed over a task after the take-over). */
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

describe('takeOverOnIntent', () => {
  it('loads nothing until the visitor uses the page, then takes it over once', async () => {
    const { takeOver } = armed();
    expect(document.documentElement.dataset.waiting).toBe('');
    await settle();
    expect(takeOver).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new KeyboardEvent('keydown'));
    await settle();
    expect(takeOver).toHaveBeenCalledTimes(1);
    expect(document.documentElement.dataset.ready).toBe('true');
    expect(document.documentElement.dataset.waiting).toBeUndefined();
  });

  it("hands a tap on a button held before the take-over to the app's button", async () => {
    const { button, takeOver } = armed();
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    button().dispatchEvent(tap);
    // Held: the browser's default is stopped, the progress mark shows, the app is fetched.
    expect(tap.defaultPrevented).toBe(true);
    expect(document.documentElement.dataset.taking).toBe('');
    expect(takeOver).toHaveBeenCalledTimes(1);
    await settle();
    expect(button().textContent).toBe('liked 1');
    expect(document.documentElement.dataset.taking).toBeUndefined();
    // After the take-over a tap is the app's alone (not held, not counted twice).
    button().click();
    await settle();
    expect(button().textContent).toBe('liked 2');
  });

  it('lets the browser follow a link or go to a place on the page, and holds a link that is only a script', async () => {
    const { root, takeOver } = armed();
    const tap = (el: Element | null) => {
      const e = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      el?.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(tap(root.querySelector('a[href="/elsewhere"]'))).toBe(false);
    // A middle click opens a tab: the browser's too.
    const middle = new MouseEvent('click', { bubbles: true, cancelable: true, button: 1 });
    root.querySelector('button[type="button"]')?.dispatchEvent(middle);
    expect(middle.defaultPrevented).toBe(false);
    expect(takeOver).not.toHaveBeenCalled();
    // (Going to a place on the page scrolls, which is a use of the page: the app comes then.)
    expect(tap(root.querySelector('a[href="#comments"]'))).toBe(false);
    expect(tap(root.querySelector('a[href="#"]'))).toBe(true);
  });

  it('gives the app what was typed before the take-over, and sends a form sent meanwhile with it', async () => {
    const { field, log, root } = armed();
    field().dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    // Typed into the painted field while the app's code is on its way, then sent with Enter.
    field().value = 'TypeScript';
    field().dispatchEvent(new Event('input', { bubbles: true }));
    const form = root.querySelector('form') as HTMLFormElement;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await settle();
    expect(log).toEqual(['search TypeScript']);
    expect(field().value).toBe('TypeScript');
    // The app's state holds the typed word: sent again, it searches the same.
    form.requestSubmit();
    await settle();
    expect(log).toEqual(['search TypeScript', 'search TypeScript']);
  });

  it('tries again on the next use when the app could not be fetched', async () => {
    const log: string[] = [];
    const root = paintedPage(renderToString(<Page log={log} />));
    let fail = true;
    const takeOver = vi.fn(async () => {
      if (fail) throw new Error('offline');
      await act(async () => {
        hydrateRoot(root, <Page log={log} />);
      });
    });
    takeOverOnIntent(takeOver);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    await settle();
    expect(takeOver).toHaveBeenCalledTimes(1);
    expect(document.documentElement.dataset.taking).toBeUndefined();
    fail = false;
    window.dispatchEvent(new KeyboardEvent('keydown'));
    await settle();
    expect(takeOver).toHaveBeenCalledTimes(2);
    expect(document.documentElement.dataset.ready).toBe('true');
  });
});

describe('countViewWhileWaiting', () => {
  it("counts a reading page's view as the app does, once, and marks it for the app", () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    countViewWhileWaiting(paintedPage('<div data-view-document="3"><main>doc</main></div>'));
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe('/api/trpc/document.get');
    expect(JSON.parse(url.searchParams.get('input') ?? '')).toEqual({ id: 3, with_author: true });
    expect(document.documentElement.dataset.viewCounted).toBe('3');
    vi.restoreAllMocks();
  });

  it('counts nothing on other pages or for a mark that is not an id', () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    countViewWhileWaiting(paintedPage('<main>home</main>'));
    countViewWhileWaiting(paintedPage('<div data-view-document="3&amp;x=1"></div>'));
    countViewWhileWaiting(paintedPage('<div data-view-document=""></div>'));
    expect(fetch).not.toHaveBeenCalled();
    expect(document.documentElement.dataset.viewCounted).toBeUndefined();
    vi.restoreAllMocks();
  });
});
