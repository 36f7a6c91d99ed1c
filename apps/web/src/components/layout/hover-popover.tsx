import type * as React from 'react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const loadPanel = () => import('./hover-popover-panel');
const HoverPopoverPanel = lazy(loadPanel);

/**
 * A popover that opens when the pointer rests on its trigger for `delay` ms (spec §9: the category popover opens
 * after 600 ms) and closes shortly after the pointer leaves both trigger and panel. Keyboard users open it with the
 * trigger's focus and ArrowDown. The panel's code (the popover library) loads when the pointer first arrives, so a
 * public page's first visit does without it (issue 17); the trigger is the same element before and after.
 */
export function HoverPopover({
  trigger,
  children,
  delay,
  width,
  className,
  anchorClassName = 'inline-flex',
  align = 'start',
}: {
  trigger: React.ReactNode;
  children: React.ReactNode;
  delay: number;
  width?: number;
  className?: string;
  /** Classes of the element around the trigger (the popover's anchor). */
  anchorClassName?: string;
  align?: 'start' | 'center' | 'end';
}) {
  const [open, setOpen] = useState(false);
  // Rendered from the first time the popover is wanted: its code may still be on its way.
  const [wanted, setWanted] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const want = () => {
    if (wanted) return;
    void loadPanel();
    setWanted(true);
  };
  const openLater = () => {
    want();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const closeSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), 150);
  };
  return (
    <>
      <span
        ref={anchor}
        className={anchorClassName}
        onPointerEnter={(e) => e.pointerType === 'mouse' && openLater()}
        onPointerLeave={(e) => e.pointerType === 'mouse' && closeSoon()}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            want();
            setOpen(true);
          }
        }}
      >
        {trigger}
      </span>
      {wanted ? (
        <Suspense fallback={null}>
          <HoverPopoverPanel
            anchor={anchor}
            open={open}
            onOpenChange={setOpen}
            onPointerEnter={() => clearTimeout(timer.current)}
            onPointerLeave={closeSoon}
            width={width}
            className={className}
            align={align}
          >
            {children}
          </HoverPopoverPanel>
        </Suspense>
      ) : null}
    </>
  );
}
