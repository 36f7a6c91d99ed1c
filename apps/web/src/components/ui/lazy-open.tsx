import type * as React from 'react';
import { type ComponentType, createElement, lazy, Suspense, useRef, useState } from 'react';

const loadPanel = () => import('@/components/layout/hover-popover-panel');
const PopoverPanel = lazy(loadPanel);

/**
 * A dialog whose code (Radix's dialog, its scroll lock and focus trap, the dialog's own content) loads the first time
 * it is opened, not with the page (issue 17). Until then nothing is rendered, on the server as in the browser, so the
 * painted page and the hydrated one are the same; once opened it stays mounted (its closing animation and state).
 */
export function lazyWhenOpen<P extends { open: boolean }>(
  // biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's; the props are P's.
  load: () => Promise<{ default: ComponentType<any> }>,
): ComponentType<P> & { preload: () => void } {
  const Dialog = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog at module level, as React.lazy is.
  function WhenOpened(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened ? <Suspense fallback={null}>{createElement(Dialog, props)}</Suspense> : null;
  }
  return Object.assign(WhenOpened, { preload: () => void load().catch(() => {}) });
}

/** What a lazy popover's trigger spreads onto its button (the page's own, painted by the server). */
export interface PopoverTriggerProps {
  ref: React.RefObject<HTMLButtonElement | null>;
  'aria-haspopup': 'dialog';
  'aria-expanded': boolean;
  'data-state': 'open' | 'closed';
  onPointerDown: () => void;
  onClick: () => void;
}

/**
 * A popover opened by a click on its trigger, whose library (Radix's popover and its positioning) loads when the
 * trigger is first pressed (issue 17). The trigger is the page's own button before and after (the popover anchors to
 * it), so the server paints it and the browser hydrates it as it is; Enter and Space press it as any button.
 */
export function LazyPopover({
  trigger,
  children,
  className,
  align = 'end',
  testId,
}: {
  trigger: (props: PopoverTriggerProps) => React.ReactNode;
  children: React.ReactNode;
  className?: string;
  align?: 'start' | 'center' | 'end';
  testId?: string;
}) {
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      {trigger({
        ref: anchor,
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        'data-state': open ? 'open' : 'closed',
        // Fetched as the finger comes down, shown on the click.
        onPointerDown: () => void loadPanel(),
        onClick: () => {
          setWanted(true);
          setOpen((o) => !o);
        },
      })}
      {wanted ? (
        <Suspense fallback={null}>
          <PopoverPanel
            anchor={anchor}
            open={open}
            onOpenChange={setOpen}
            className={className}
            align={align}
            testId={testId}
            focusContent
          >
            {children}
          </PopoverPanel>
        </Suspense>
      ) : null}
    </>
  );
}
