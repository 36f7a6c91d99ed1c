import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY } from '@/components/layout/chunk-reload';
import { useChunkReload } from './use-chunk-reload';

function Probe() {
  useChunkReload();
  return null;
}

/** An unhandled rejection as the browser reports it (jsdom has no PromiseRejectionEvent). */
function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason });
}

const reload = vi.fn();

afterEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  vi.unstubAllGlobals();
});

describe('useChunkReload', () => {
  it('reloads once a minute for a lazily loaded chunk that failed outside a route, and ignores other failures', () => {
    vi.stubGlobal('location', { ...window.location, reload });
    const { unmount } = render(<Probe />);
    window.dispatchEvent(rejection(new Error('用户名或密码错误')));
    expect(reload).not.toHaveBeenCalled();
    const failed = rejection(new TypeError('Failed to fetch dynamically imported module: /assets/menu-x.js'));
    window.dispatchEvent(failed);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(failed.defaultPrevented).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    // Within the minute: no second reload (no loop).
    window.dispatchEvent(rejection(new TypeError('Importing a module script failed.')));
    expect(reload).toHaveBeenCalledTimes(1);
    unmount();
  });
});
