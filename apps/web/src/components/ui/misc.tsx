import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/lib/utils';

const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        destructive: 'border-transparent bg-destructive text-white',
        outline: 'text-foreground',
        success: 'border-transparent bg-success/15 text-success',
        warning: 'border-transparent bg-warning/20 text-warning',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="skeleton" className={cn('animate-pulse rounded-md bg-accent', className)} {...props} />;
}

/** A placeholder row: a leading block (`lead`: an avatar, an icon, a cover) beside lines of text (each line's classes). */
export function SkeletonRow({
  lead,
  lines,
  className,
  linesClassName,
}: {
  lead: string;
  lines: string[];
  className?: string;
  linesClassName?: string;
}) {
  return (
    <div className={cn('flex gap-3', className)}>
      <Skeleton className={lead} />
      <div className={cn('grid flex-1 gap-2', linesClassName)}>
        {lines.map((line, i) => (
          <Skeleton key={i} className={line} />
        ))}
      </div>
    </div>
  );
}

const ASIDE_COLUMNS = {
  300: 'lg:grid-cols-[minmax(0,1fr)_300px]',
  320: 'lg:grid-cols-[minmax(0,1fr)_320px]',
};

/**
 * The loading state of a page with a side column from lg up (a document, an article, a listing, the upload page):
 * `children` on the left, one block of each class of `aside` on the right.
 */
export function AsidePageSkeleton({
  aside,
  asideWidth = 300,
  className,
  children,
}: {
  aside: string[];
  asideWidth?: keyof typeof ASIDE_COLUMNS;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      className={cn('mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6', ASIDE_COLUMNS[asideWidth], className)}
      aria-busy
    >
      <div className="grid content-start gap-4">{children}</div>
      <div className="grid content-start gap-4">
        {aside.map((block, i) => (
          <Skeleton key={i} className={block} />
        ))}
      </div>
    </div>
  );
}

/**
 * A line between groups, for the eye only (`role="none"`, as Radix's decorative separator renders it): a plain
 * element, so that every public page does without Radix's separator and primitive (issue 17).
 */
export function Separator({
  className,
  orientation = 'horizontal',
  ...props
}: React.ComponentProps<'div'> & { orientation?: 'horizontal' | 'vertical' }) {
  return (
    <div
      data-slot="separator"
      role="none"
      data-orientation={orientation}
      className={cn(
        'shrink-0 bg-border data-[orientation=horizontal]:h-px data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-px',
        className,
      )}
      {...props}
    />
  );
}
