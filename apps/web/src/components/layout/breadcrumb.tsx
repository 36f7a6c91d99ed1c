import { Link } from '@tanstack/react-router';
import type * as React from 'react';

/** A page's breadcrumb trail: the home page first, then `children` (their own separators and list items). */
export function Breadcrumb({
  label,
  homeLabel,
  children,
}: {
  label: string;
  homeLabel: string;
  children: React.ReactNode;
}) {
  return (
    <nav aria-label={label} className="text-muted-foreground text-sm">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:text-primary">
            {homeLabel}
          </Link>
        </li>
        {children}
      </ol>
    </nav>
  );
}
