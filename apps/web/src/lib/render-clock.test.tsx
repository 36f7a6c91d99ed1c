import { act } from '@testing-library/react';
import { Suspense, use } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import '@/i18n';
import { useRelativeTime } from '@/components/documents/format';
import { formatDateTime } from './dates';
import { holdRenderClock, usePaintedTimeZone, withRenderClock, zoneOffsets } from './render-clock';

function Posted({ at }: { at: Date }) {
  const ago = useRelativeTime();
  return <span>{ago(at)}</span>;
}

function Dated({ at }: { at: string }) {
  const zone = usePaintedTimeZone();
  return <time>{formatDateTime(at, zone)}</time>;
}

/** Notes the zone dates are written in, each render. */
function ZoneProbe({ seen }: { seen: (string | undefined)[] }) {
  seen.push(usePaintedTimeZone());
  return null;
}

/** A part of a page that waits for its code or data while `gate.waiting`. */
function Later({ gate, at }: { gate: { waiting: boolean; code: Promise<void> }; at: Date }) {
  if (gate.waiting) use(gate.code);
  return <Posted at={at} />;
}

afterEach(() => holdRenderClock(undefined));

describe('the clock relative times count from', () => {
  it('a page the server rendered a while ago is taken over with its own text, no mismatch', async () => {
    // Rendered 3 minutes ago (served from the painted-page cache now), of something posted 10 s before that.
    const renderedAt = Date.now() - 3 * 60_000;
    const posted = new Date(renderedAt - 10_000);
    const html = withRenderClock(renderedAt, () => renderToString(<Posted at={posted} />));
    expect(html).toBe('<span>刚刚</span>');

    const errors: unknown[] = [];
    const take = async (hold: boolean) => {
      const root = document.createElement('div');
      root.innerHTML = html;
      holdRenderClock(hold ? renderedAt : undefined);
      await act(async () => {
        hydrateRoot(root, <Posted at={posted} />, { onRecoverableError: (e) => errors.push(e) });
      });
      return root.textContent;
    };
    // Taken over counting from the server's moment: the painted text, no mismatch; then from the browser's clock.
    expect(await take(true)).toBe('3 分钟前');
    expect(errors).toEqual([]);
    // Rendered by the browser (not taken over), it counts from the browser's clock at once.
    const fresh = document.createElement('div');
    await act(async () => {
      createRoot(fresh).render(<Posted at={posted} />);
    });
    expect(fresh.textContent).toBe('3 分钟前');
    // Counting from the browser's clock instead is the mismatch this prevents.
    await take(false);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('a part of the page taken over after the rest (a boundary that waited for code or data) counts from it too', async () => {
    const renderedAt = Date.now() - 3 * 60_000;
    const posted = new Date(renderedAt - 10_000);
    let arrived: () => void = () => undefined;
    const code = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const gate = { waiting: false, code };
    const page = (
      <>
        <Suspense fallback={null}>
          <Later gate={gate} at={posted} />
        </Suspense>
        <span>.</span>
      </>
    );
    const html = withRenderClock(renderedAt, () => renderToString(page));
    const root = document.createElement('div');
    root.innerHTML = html;
    const errors: unknown[] = [];
    holdRenderClock(renderedAt);
    gate.waiting = true;
    await act(async () => {
      hydrateRoot(root, page, { onRecoverableError: (e) => errors.push(e) });
    });
    // The rest of the page has been taken over; the boundary still shows the painted text.
    expect(root.textContent).toBe('刚刚.');
    gate.waiting = false;
    await act(async () => {
      arrived();
      await code;
    });
    expect(errors).toEqual([]);
    // Once taken over, it counts from the browser's clock.
    expect(root.textContent).toBe('3 分钟前.');
  });

  it("a date the server wrote in its own time zone is taken over in it, then shown in the reader's", async () => {
    const at = '2026-11-26T16:30:00.000Z';
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // A server in the other of two zones from this browser's.
    const server = own === 'Asia/Shanghai' ? 'America/New_York' : 'Asia/Shanghai';
    const painted = `<time>${formatDateTime(at, server)}</time>`;
    const take = async (zone: string | undefined) => {
      const root = document.createElement('div');
      root.innerHTML = painted;
      const errors: unknown[] = [];
      holdRenderClock(Date.now(), zone);
      await act(async () => {
        hydrateRoot(root, <Dated at={at} />, { onRecoverableError: (e) => errors.push(e) });
      });
      return { text: root.textContent, errors };
    };
    const taken = await take(server);
    expect(taken.errors).toEqual([]);
    expect(taken.text).toBe(formatDateTime(at));
    // Without the server's zone, the reader's differs from what was painted: the mismatch this prevents.
    expect((await take(undefined)).errors.length).toBeGreaterThan(0);
    // A zone the browser does not know is ignored rather than breaking the page.
    holdRenderClock(Date.now(), 'Not/A_Zone');
    const root = document.createElement('div');
    await act(async () => {
      createRoot(root).render(<Dated at={at} />);
    });
    expect(root.textContent).toBe(formatDateTime(at));
  });

  it("a reader whose zone has the server's offsets is not asked Intl; another one takes the page over in the server's zone", async () => {
    const at = Date.now();
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const server = own === 'Asia/Shanghai' ? 'America/New_York' : 'Asia/Shanghai';
    const zoneSeen = async () => {
      const root = document.createElement('div');
      const seen: (string | undefined)[] = [];
      await act(async () => {
        hydrateRoot(root, <ZoneProbe seen={seen} />);
      });
      // The zone while taking the page over (the first render); the reader's own right after.
      expect(seen.at(-1)).toBeUndefined();
      return seen[0];
    };
    // The server's offsets are this browser's: its dates are written the same, whatever its zone is called (asked,
    // Intl would have named the other zone).
    holdRenderClock(at, server, zoneOffsets(at));
    expect(await zoneSeen()).toBeUndefined();
    // Other offsets: the server's zone is asked for, and dates are taken over in it.
    holdRenderClock(at, server, '999,999,999');
    expect(await zoneSeen()).toBe(server);
  });
});
