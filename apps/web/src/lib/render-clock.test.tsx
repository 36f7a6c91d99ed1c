import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import '@/i18n';
import { useRelativeTime } from '@/components/documents/format';
import { holdRenderClock, ReleaseRenderClock, renderNow, withRenderClock } from './render-clock';

function Posted({ at }: { at: Date }) {
  const ago = useRelativeTime();
  return <span>{ago(at)}</span>;
}

afterEach(() => holdRenderClock(undefined));

describe('the clock relative times count from', () => {
  it('a page the server rendered a while ago is taken over with its own text, no mismatch', async () => {
    // Rendered 3 minutes ago (served from the painted-page cache now), of something posted 10 s before that.
    const renderedAt = Date.now() - 3 * 60_000;
    const posted = new Date(renderedAt - 10_000);
    const html = withRenderClock(renderedAt, () => renderToString(<Posted at={posted} />));
    expect(html).toBe('<span>刚刚</span>');
    // Outside the server's render the clock runs again.
    expect(Math.abs(renderNow().getTime() - Date.now())).toBeLessThan(1000);

    const errors: unknown[] = [];
    const take = async (hold: boolean) => {
      const root = document.createElement('div');
      root.innerHTML = html;
      if (hold) holdRenderClock(renderedAt);
      await act(async () => {
        hydrateRoot(
          root,
          <>
            <Posted at={posted} />
            <ReleaseRenderClock />
          </>,
          { onRecoverableError: (e) => errors.push(e) },
        );
      });
      return root.textContent;
    };
    // Taken over counting from the server's moment: the painted text, no mismatch; the clock runs again after.
    expect(await take(true)).toBe('刚刚');
    expect(errors).toEqual([]);
    expect(Math.abs(renderNow().getTime() - Date.now())).toBeLessThan(1000);
    // Counting from the browser's clock instead is the mismatch this prevents.
    await take(false);
    expect(errors.length).toBeGreaterThan(0);
  });
});
