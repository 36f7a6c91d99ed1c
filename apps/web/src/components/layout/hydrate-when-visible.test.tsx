import { act } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { HydrateWhenVisible } from './hydrate-when-visible';

/** IntersectionObserver as far as the part uses it, reported by hand. */
class FakeObserver {
  static all: FakeObserver[] = [];
  targets: Element[] = [];
  constructor(private readonly report: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  disconnect() {
    this.targets = [];
  }
  /** The observed parts come near the screen. */
  static comeIntoView() {
    for (const o of FakeObserver.all)
      if (o.targets.length)
        o.report(
          o.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
          o as unknown as IntersectionObserver,
        );
  }
}

let log: string[] = [];

function Live({ label }: { label: string }) {
  useEffect(() => {
    log.push(`live ${label}`);
  }, [label]);
  return (
    <button type="button" onClick={() => log.push(`clicked ${label}`)}>
      {label}
    </button>
  );
}

let setLabel: (label: string) => void = () => undefined;
function Page({ initial }: { initial: string }) {
  const [label, set] = useState(initial);
  setLabel = set;
  return (
    <main>
      <p>above the fold</p>
      <HydrateWhenVisible className="min-w-0">
        <Live label={label} />
      </HydrateWhenVisible>
    </main>
  );
}

/** The page as the server paints it (no document there). */
function serverHtml(): string {
  vi.stubGlobal('document', undefined);
  try {
    return renderToString(<Page initial="更多" />);
  } finally {
    vi.unstubAllGlobals();
  }
}

async function takeOver() {
  const html = serverHtml();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(root, <Page initial="更多" />, { onRecoverableError: (e) => errors.push(e) });
  });
  return { root, html, errors, button: () => root.querySelector('button') as HTMLButtonElement };
}

beforeEach(() => {
  log = [];
  FakeObserver.all = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('a part of a painted page taken over when it comes near the screen', () => {
  it("keeps the server's markup until then, and is live after", async () => {
    const { root, html, errors } = await takeOver();
    // The server painted it like any part, and it is still there, not yet live.
    expect(html).toContain('<button type="button">更多</button>');
    expect(root.innerHTML).toBe(html);
    expect(log).toEqual([]);
    await act(async () => FakeObserver.comeIntoView());
    expect(log).toEqual(['live 更多']);
    expect(root.innerHTML).toBe(html);
    expect(errors).toEqual([]);
  });

  it('takes a click on it before then: the click reaches the live part', async () => {
    const { button, errors } = await takeOver();
    await act(async () => button().click());
    expect(log).toContain('clicked 更多');
    expect(log).toContain('live 更多');
    expect(errors).toEqual([]);
  });

  it('an update from the page before then renders it with the update, never leaving it empty', async () => {
    const { root, button } = await takeOver();
    const painted = button();
    await act(async () => setLabel('下一页'));
    expect(button()?.textContent).toBe('下一页');
    // Taken over, then updated: the painted element itself, not one rendered anew in its place.
    expect(button()).toBe(painted);
    expect(log).toContain('live 下一页');
    expect(root.querySelector('p')?.textContent).toBe('above the fold');
  });

  it("a signed-in member's page is taken over whole at once", async () => {
    session.setToken('member-token');
    try {
      const { errors } = await takeOver();
      expect(log).toEqual(['live 更多']);
      expect(errors).toEqual([]);
    } finally {
      session.clear();
    }
  });
});
