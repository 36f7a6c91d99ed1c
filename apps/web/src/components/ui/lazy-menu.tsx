import type * as React from 'react';
import { type ComponentType, useState } from 'react';

/** What a menu's stand-in trigger spreads onto its button. */
export interface MenuTriggerProps {
  'aria-haspopup': 'menu';
  'aria-expanded': false;
  onPointerDown: (e: React.PointerEvent) => void;
  onKeyDown: (e: React.KeyboardEvent) => void;
}

/**
 * A dropdown menu whose code (radix and its positioning library) loads the first time it is reached for, not with
 * the page (issue 17): until then `trigger` renders a plain button of the same look, the server paints it and the
 * browser takes it over as it is; a press or Enter/Space/ArrowDown on it loads `load`'s menu and shows it open.
 * The loaded menu then stays, with its own trigger.
 */
export function LazyMenu({
  load,
  trigger,
}: {
  load: () => Promise<{ default: ComponentType<{ defaultOpen?: boolean }> }>;
  trigger: (props: MenuTriggerProps) => React.ReactNode;
}) {
  const [Menu, setMenu] = useState<ComponentType<{ defaultOpen?: boolean }> | null>(null);
  const [loading, setLoading] = useState(false);
  if (Menu) return <Menu defaultOpen />;
  const open = () => {
    if (loading) return;
    setLoading(true);
    load().then(
      (m) => setMenu(() => m.default),
      () => setLoading(false),
    );
  };
  return trigger({
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerDown: (e) => {
      if (e.button === 0 && !e.ctrlKey) open();
    },
    onKeyDown: (e) => {
      if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
        e.preventDefault();
        open();
      }
    },
  });
}
