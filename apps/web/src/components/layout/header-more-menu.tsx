import type * as React from 'react';
import { useState } from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/menu';
import { cn } from '@/lib/utils';
import { isActive, SubItems } from './header-nav';
import type { NavNode } from './nav';
import { SmartLink } from './smart-link';

/** The 更多 list of the header (loaded on its first press by header-nav.tsx), shown open when it arrives. */
export default function HeaderMoreMenu({
  items,
  pathname,
  className,
  label,
}: {
  items: NavNode[];
  pathname: string;
  className: string;
  label: React.ReactNode;
}) {
  const [open, setOpen] = useState(true);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger className={className} data-testid="header-nav-more">
        {label}
      </PopoverTrigger>
      <PopoverContent align="end" sideOffset={8} className="w-52 p-1">
        <ul className="grid gap-0.5" onClickCapture={() => setOpen(false)}>
          {items.map((item) => (
            <li key={item.id}>
              <SmartLink
                href={item.href}
                target={item.target}
                color={item.color || undefined}
                className={cn(
                  'block rounded-sm px-2 py-1.5 font-medium text-sm hover:bg-accent',
                  isActive(item, pathname) ? 'text-primary' : undefined,
                )}
              >
                {item.title}
              </SmartLink>
              {item.children.length > 0 ? <SubItems items={item.children} className="ml-3" /> : null}
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
