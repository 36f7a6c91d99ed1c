import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type DocumentCounters, updateDocumentCounters, useDocumentCounters } from './document-counters';

afterEach(cleanup);

const doc = { id: 7, view_count: 10, download_count: 3 };

let pageRenders = 0;
/** The rest of the page around the counts. */
function Page() {
  pageRenders++;
  return <Counts of={doc} />;
}

function Counts({ of }: { of: DocumentCounters & { id: number } }) {
  const c = useDocumentCounters(of);
  return (
    <p>
      {c.view_count}/{c.download_count}
    </p>
  );
}

describe('the reading page counters', () => {
  it('show the document’s counts, then the ones kept while the page is open, re-rendering only their reader', async () => {
    const queryClient = new QueryClient();
    pageRenders = 0;
    render(
      <QueryClientProvider client={queryClient}>
        <Page />
      </QueryClientProvider>,
    );
    expect(screen.getByText('10/3')).toBeTruthy();
    // The view the page counted, with the server's fresh counts.
    act(() => updateDocumentCounters(queryClient, doc, () => ({ view_count: 12, download_count: 3 })));
    expect(await screen.findByText('12/3')).toBeTruthy();
    // A download adds one to what is shown.
    act(() => updateDocumentCounters(queryClient, doc, (c) => ({ ...c, download_count: c.download_count + 1 })));
    expect(await screen.findByText('12/4')).toBeTruthy();
    expect(pageRenders).toBe(1);
  });

  it('never show fewer than the document says (a later refetch of the document brings higher counts)', async () => {
    const queryClient = new QueryClient();
    updateDocumentCounters(queryClient, doc, () => ({ view_count: 11, download_count: 3 }));
    const { rerender } = render(
      <QueryClientProvider client={queryClient}>
        <Counts of={doc} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('11/3')).toBeTruthy();
    rerender(
      <QueryClientProvider client={queryClient}>
        <Counts of={{ ...doc, view_count: 20, download_count: 5 }} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('20/5')).toBeTruthy();
  });

  it('a download before the counted view arrives counts from the document’s figures', async () => {
    const queryClient = new QueryClient();
    updateDocumentCounters(queryClient, doc, (c) => ({ ...c, download_count: c.download_count + 1 }));
    render(
      <QueryClientProvider client={queryClient}>
        <Counts of={doc} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('10/4')).toBeTruthy();
  });
});
