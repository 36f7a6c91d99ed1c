import { Tooltip } from 'radix-ui';
import type * as React from 'react';

/**
 * A tooltip on one element (`children`, which keeps its own role and handlers): `label` in a small dark bubble with
 * an arrow. It needs a `Tooltip.Provider` above it, which sets the delay.
 */
export function LabelTooltip({ label, children }: { label: React.ReactNode; children: React.ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={4}
          className="z-50 rounded-md bg-foreground px-2 py-1 text-background text-xs shadow-md"
        >
          {label}
          <Tooltip.Arrow className="fill-foreground" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
