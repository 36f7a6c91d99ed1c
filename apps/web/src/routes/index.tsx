import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DEFAULT_SITE_TITLE } from '@wenku/shared';
import { useTRPC } from '@/lib/trpc';

export const Route = createFileRoute('/')({
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
      queryClient.ensureQueryData(trpc.category.list.queryOptions({ type: [0, 1] })),
    ]),
  component: HomePage,
});

function HomePage() {
  const trpc = useTRPC();
  const { data: settings } = useSuspenseQuery(trpc.system.settings.queryOptions());
  const { data: categories } = useSuspenseQuery(trpc.category.list.queryOptions({ type: [0, 1] }));
  const title = String(settings.system.title || settings.system.sitename || DEFAULT_SITE_TITLE);
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <ul className="mt-4 grid grid-cols-2 gap-2 md:grid-cols-4">
        {categories.category
          .filter((c) => c.parent_id === 0)
          .map((c) => (
            <li key={c.id} className="rounded-md border p-3">
              {c.title}
            </li>
          ))}
      </ul>
    </main>
  );
}
