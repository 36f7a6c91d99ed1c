import type { ComponentProps } from 'react';
import { lazyWhenOpen } from '@/components/ui/lazy-open';
import type { ConfirmDialog } from './confirm-dialog';

/** The confirmation dialog of a public page, loaded when first opened with the dialog library (issue 17). */
export const LazyConfirmDialog = lazyWhenOpen<ComponentProps<typeof ConfirmDialog>>(() =>
  import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);
