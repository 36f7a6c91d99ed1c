import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@wenku/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPCProvider } from '@/lib/trpc';
import { SiteSettingsProvider, useSiteSettings } from './use-site-settings';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A tRPC client whose server answers the settings with a title that counts the calls. */
function settingsServer() {
  const paths: string[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        paths.push(op.path);
        observer.next({ result: { type: 'data', data: { system: { title: `站点 ${paths.length}` } } } });
        observer.complete();
      });
  return { client: createTRPCClient<AppRouter>({ links: [link] }), paths };
}

function Title({ n }: { n: number }) {
  const settings = useSiteSettings();
  return <p data-testid={`title-${n}`}>{String(settings?.system.title ?? '…')}</p>;
}

function setup(onNavigated?: (listener: () => void) => () => void) {
  const server = settingsServer();
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={server.client} queryClient={queryClient}>
        <SiteSettingsProvider onNavigated={onNavigated}>
          {Array.from({ length: 20 }, (_, n) => (
            <Title key={n} n={n} />
          ))}
        </SiteSettingsProvider>
      </TRPCProvider>
    </QueryClientProvider>,
  );
  return { ...server, queryClient };
}

describe('the public settings', () => {
  it('are read by every part of a page through one query observer and one call', async () => {
    const { paths, queryClient } = setup();
    expect(await screen.findByTestId('title-19')).toBeTruthy();
    await screen.findAllByText('站点 1');
    expect(screen.getAllByText('站点 1')).toHaveLength(20);
    const [query, ...others] = queryClient.getQueryCache().getAll();
    expect(others).toHaveLength(0);
    expect(query?.getObserversCount()).toBe(1);
    expect(paths).toEqual(['system.settings']);
  });

  it('are fetched again after a navigation once older than the stale time, not before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let navigated: () => void = () => undefined;
    const { paths } = setup((listener) => {
      navigated = listener;
      return () => undefined;
    });
    await screen.findAllByText('站点 1');
    // A navigation while they are fresh asks for nothing.
    act(() => navigated());
    expect(paths).toHaveLength(1);
    vi.setSystemTime(Date.now() + 31_000);
    act(() => navigated());
    await screen.findAllByText('站点 2');
    expect(screen.getAllByText('站点 2')).toHaveLength(20);
    expect(paths).toEqual(['system.settings', 'system.settings']);
  });

  it('are undefined outside the app (a part rendered on its own copes with that)', () => {
    render(<Title n={0} />);
    expect(screen.getByTestId('title-0').textContent).toBe('…');
  });
});
