import { type ReactNode, Suspense, use, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTakingOver } from '@/lib/render-clock';
import { session } from '@/lib/session';
import { cn } from '@/lib/utils';

/** Opens once: what a held part waits for before it is taken over. */
interface Gate {
  promise: Promise<void>;
  opened: boolean;
  open(): void;
}

function createGate(): Gate {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  const gate: Gate = {
    promise,
    opened: false,
    open() {
      gate.opened = true;
      // Marked as React marks a settled promise, so that `use` reads it at once (a take-over forced by a click
      // happens synchronously, before the promise's callbacks would run).
      Object.assign(promise, { status: 'fulfilled', value: undefined });
      resolve();
    },
  };
  return gate;
}

/** Suspends while taking over until the gate opens; React keeps the server's markup meanwhile. */
function Held({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  if (gate) use(gate.promise);
  return children;
}

/**
 * Shown only if React gives up the held markup (an update reached the part before it was taken over): renders the
 * part at once instead of leaving it empty.
 */
function OpenAtOnce({ gate }: { gate: Gate | null }) {
  useLayoutEffect(() => gate?.open(), [gate]);
  return null;
}

/** How far outside the screen a held part starts being taken over (it should be live before it is seen). */
const MARGIN = '300px 0px';

/**
 * A part of a painted page below the fold (a footer, a listing further down) that the browser takes over only when
 * it comes near the screen or is touched, instead of with the rest of the page (issue 17: the take-over's long tasks
 * on a phone). Its markup is the server's meanwhile: links work as links, and the part becomes live as the visitor
 * scrolls to it. Rendered by the browser (after a navigation), it is live at once; the server renders it as usual;
 * a signed-in member's page is taken over whole, as before.
 * The wrapper is a block (`className` places it in the parent's layout), hidden when the part renders nothing.
 */
export function HydrateWhenVisible({ children, className }: { children: ReactNode; className?: string }) {
  const takingOver = useTakingOver();
  // Held only for visitors: a member's data arrives right after the take-over (their follows, their VIP), which a
  // part taken over later would be rendered with, unlike the markup painted for anyone.
  const [gate] = useState(() =>
    takingOver && typeof document !== 'undefined' && !session.get().token ? createGate() : null,
  );
  const ref = useRef<HTMLDivElement>(null);
  // New content from the parent before the part was taken over: taken over now, with it (an update reaching held
  // markup would make React drop it and render the part anew).
  const shown = useRef(children);
  if (gate && !gate.opened && shown.current !== children) gate.open();
  shown.current = children;
  useEffect(() => {
    const el = ref.current;
    if (!gate || gate.opened) return;
    if (!el || typeof IntersectionObserver === 'undefined') {
      gate.open();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) open();
      },
      { rootMargin: MARGIN },
    );
    // A touch, a key or focus inside (reached by keyboard, or before the observer reported) opens it too, heard on
    // the document before React hears it at the root: React then takes the part over at once, and the event reaches
    // the live part (a button's click is not lost).
    const events = ['pointerdown', 'keydown', 'focusin', 'click'] as const;
    const onEvent = (e: Event) => {
      if (e.target instanceof Node && el.contains(e.target)) open();
    };
    function open() {
      observer.disconnect();
      for (const e of events) document.removeEventListener(e, onEvent, true);
      gate?.open();
    }
    observer.observe(el);
    for (const e of events) document.addEventListener(e, onEvent, true);
    return open;
  }, [gate]);
  // The same element while nothing changed: this component renders again right after the page is taken over (the
  // clock), which must not count as an update of the held part.
  const content = useMemo(
    () => (
      <Suspense fallback={<OpenAtOnce gate={gate} />}>
        <Held gate={gate}>{children}</Held>
      </Suspense>
    ),
    [gate, children],
  );
  return (
    <div ref={ref} className={cn('empty:hidden', className)}>
      {content}
    </div>
  );
}
