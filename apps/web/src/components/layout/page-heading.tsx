import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';

/**
 * A public page's heading (upload, post, the document menu): its icon and title, and under them the line that says
 * what the page is for, when there is one.
 */
export function PageHeading({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: React.ReactNode;
  /** The line under the title. */
  children?: React.ReactNode;
}) {
  const heading = (
    <h1 className="flex items-center gap-2 font-semibold text-2xl">
      <Icon className="size-7 text-primary" />
      {title}
    </h1>
  );
  if (!children) return heading;
  return (
    <div>
      {heading}
      <p className="mt-1 text-muted-foreground text-sm">{children}</p>
    </div>
  );
}
