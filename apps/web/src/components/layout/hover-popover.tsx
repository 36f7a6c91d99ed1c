import type * as React from 'react';
import { useEffect, useRef, useState } from 'react';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/menu';
import { cn } from '@/lib/utils';

/**
 * A popover that opens when the pointer rests on its trigger for `delay` ms (spec §9: the category popover opens
 * after 600 ms) and closes shortly after the pointer leaves both trigger and panel. Keyboard users open it with the
 * trigger's focus.
 */
export function HoverPopover({
  trigger,
  children,
  delay,
  width,
  className,
  align = 'start',
}: {
  trigger: React.ReactNode;
  children: React.ReactNode;
  delay: number;
  width?: number;
  className?: string;
  align?: 'start' | 'center' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const openLater = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const closeSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), 150);
  };
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor asChild>
        <span
          className="inline-flex"
          onPointerEnter={(e) => e.pointerType === 'mouse' && openLater()}
          onPointerLeave={(e) => e.pointerType === 'mouse' && closeSoon()}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
            }
          }}
        >
          {trigger}
        </span>
      </PopoverAnchor>
      <PopoverContent
        align={align}
        sideOffset={8}
        className={cn('max-w-[calc(100vw-2rem)] p-3', className)}
        style={width ? { width } : undefined}
        onPointerEnter={() => clearTimeout(timer.current)}
        onPointerLeave={closeSoon}
        onOpenAutoFocus={(e) => e.preventDefault()}
      >
        {children}
      </PopoverContent>
    </Popover>
  );
}
