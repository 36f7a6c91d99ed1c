import { useQuery } from '@tanstack/react-query';
import { BookOpenIcon } from 'lucide-react';
import { DocumentCoverOf, DocumentLink } from '@/components/documents/document-link';
import { Skeleton } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { useTRPC } from '@/lib/trpc';

/**
 * 读完了？接着看 under the reader (issue 20): the related documents (alike in text, then the most downloaded of the same
 * categories and of the site; only public ones) as covers, so a reader who finishes has a next one on any screen.
 * The same query as the sidebar's list, which desktops show beside the reader.
 */
export function NextReads({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery(trpc.document.related.queryOptions({ id: documentId }));
  if (q.isError || (q.data && q.data.document.length === 0)) return null;
  return (
    <section className="grid gap-3 rounded-xl border bg-card px-4 py-5 sm:px-6" data-testid="next-reads">
      <h2 className="inline-flex items-center gap-2 font-semibold text-base">
        <BookOpenIcon className="size-4 text-primary" aria-hidden />
        {t('reader.next.title')}
      </h2>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
        {q.data
          ? q.data.document.slice(0, 6).map((d) => (
              <li key={d.id} className="min-w-0">
                <DocumentLink doc={d} className="group grid gap-1.5">
                  <DocumentCoverOf
                    doc={d}
                    className="w-full rounded border transition-colors group-hover:border-primary/40"
                  />
                  <span className="line-clamp-2 text-xs leading-4 group-hover:text-primary">{d.title}</span>
                </DocumentLink>
              </li>
            ))
          : Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="grid gap-1.5">
                <Skeleton className="aspect-[210/297] w-full" />
                <Skeleton className="h-3" />
              </li>
            ))}
      </ul>
    </section>
  );
}
