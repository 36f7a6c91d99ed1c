import { Skeleton } from '@/components/ui/misc';

/** Loading state of the member area pages. */
export function MePending() {
  return (
    <div className="grid gap-6" aria-busy>
      <Skeleton className="h-40 rounded-xl" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-32 rounded-xl" />
    </div>
  );
}
