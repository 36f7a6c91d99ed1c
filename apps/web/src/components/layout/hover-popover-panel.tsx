import type * as React from 'react';
import { useRef } from 'react';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/menu';
import { cn } from '@/lib/utils';

/**
 * The panel of a HoverPopover or a LazyPopover, with the popover library it needs: loaded the first time a pointer
 * rests on the trigger, the trigger is pressed or a keyboard asks for it (issue 17). The trigger stays the page's own
 * element, the anchor: a press on it is the trigger's to handle (it toggles), not a press outside.
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
  focusContent = false,
  testId,
  children,
}: {
  anchor: React.RefObject<HTMLElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPointerEnter?: () => void;
  onPointerLeave?: () => void;
  width?: number;
  className?: string;
  align: 'start' | 'center' | 'end';
  /** Focus moves into the panel when it opens and back to the trigger when it closes (a popover opened by a press). */
  focusContent?: boolean;
  testId?: string;
  children: React.ReactNode;
}) {
  const outside = useRef(false);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor as React.RefObject<HTMLElement>} />
      <PopoverContent
        align={align}
        sideOffset={8}
        className={cn('max-w-[calc(100vw-2rem)] p-3', className)}
        style={width ? { width } : undefined}
        data-testid={testId}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onOpenAutoFocus={(e) => {
          outside.current = false;
          if (!focusContent) e.preventDefault();
        }}
        onInteractOutside={(e) => {
          if (anchor.current?.contains(e.target as Node)) e.preventDefault();
          else outside.current = true;
        }}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          if (focusContent && !outside.current) anchor.current?.focus();
        }}
      >
        {children}
      </PopoverContent>
    </Popover>
  );
}
