import type * as React from 'react';
import { cn } from '@/lib/utils';

export interface DescriptionItem {
  key: string;
  label: React.ReactNode;
  value: React.ReactNode;
}

/** A bordered label/value grid: two pairs a row from the sm breakpoint, one on phones (moredoc's el-descriptions). */
export function Descriptions({ items, className }: { items: DescriptionItem[]; className?: string }) {
  return (
    <dl className={cn('grid gap-px overflow-hidden rounded-md border bg-border text-sm sm:grid-cols-2', className)}>
      {items.map((item) => (
        <div
          key={item.key}
          className="grid grid-cols-[6.5rem_minmax(0,1fr)] bg-card sm:grid-cols-[7.5rem_minmax(0,1fr)] sm:last:odd:col-span-2"
          data-testid={`desc-${item.key}`}
        >
          <dt className="flex items-center gap-1.5 bg-muted/50 px-3 py-2.5 text-muted-foreground">{item.label}</dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-x-1 px-3 py-2.5 break-all">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
