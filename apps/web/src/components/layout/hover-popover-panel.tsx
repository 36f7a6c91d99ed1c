import type * as React from 'react';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/menu';
import { cn } from '@/lib/utils';

/**
 * The panel of a HoverPopover, with the popover library it needs: loaded the first time a pointer rests on the
 * trigger or a keyboard asks for it (issue 17). The trigger stays the HoverPopover's own element, the anchor.
 */
export default function HoverPopoverPanel({
  anchor,
  open,
  onOpenChange,
  onPointerEnter,
  onPointerLeave,
  width,
  className,
  align,
  children,
}: {
  anchor: React.RefObject<HTMLSpanElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  width?: number;
  className?: string;
  align: 'start' | 'center' | 'end';
  children: React.ReactNode;
}) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor as React.RefObject<HTMLSpanElement>} />
      <PopoverContent
        align={align}
        sideOffset={8}
        className={cn('max-w-[calc(100vw-2rem)] p-3', className)}
        style={width ? { width } : undefined}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onOpenAutoFocus={(e) => e.preventDefault()}
      >
        {children}
      </PopoverContent>
    </Popover>
  );
}
