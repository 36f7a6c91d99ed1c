import { LoaderCircleIcon, TriangleAlertIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeading } from '@/components/ui/dialog';
import { useTranslation } from '@/i18n/react';

/**
 * Runs a dialog's action with a pending flag (the buttons wait, the dialog stays open meanwhile), then `after`. A
 * failure is reported by the caller's mutation (a toast with the server's message), so it is not thrown again here.
 */
export function usePendingAction(action: () => unknown, after?: () => void) {
  const [pending, setPending] = React.useState(false);
  const run = async () => {
    setPending(true);
    try {
      await action();
    } catch {
      // Reported by the caller's mutation.
    } finally {
      setPending(false);
      after?.();
    }
  };
  return { pending, run };
}

export interface ConfirmOptions {
  title: React.ReactNode;
  description?: React.ReactNode;
  confirmText?: React.ReactNode;
  /** Red confirm button for deletions and other irreversible actions. */
  destructive?: boolean;
  /**
   * Runs when confirmed; the dialog shows progress meanwhile and closes when it settles. A rejection is the caller's
   * to report (the mutation shows the server's message); most refusals would not change on a retry.
   */
  onConfirm: () => unknown | Promise<unknown>;
}

/** A controlled confirmation dialog. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmText,
  destructive,
  onConfirm,
}: ConfirmOptions & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { pending, run } = usePendingAction(onConfirm, () => onOpenChange(false));
  return (
    <Dialog open={open} onOpenChange={(v) => !pending && onOpenChange(v)}>
      <DialogContent
        className="max-w-md"
        role="alertdialog"
        // Without a description Radix must not point at one.
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <DialogHeading
          title={
            <>
              {destructive ? <TriangleAlertIcon className="size-5 text-destructive" /> : null}
              {title}
            </>
          }
          titleClassName="flex items-center gap-2"
          description={description}
        />
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </Button>
          <Button variant={destructive ? 'destructive' : 'default'} disabled={pending} onClick={run} autoFocus>
            {pending ? <LoaderCircleIcon className="animate-spin" /> : null}
            {confirmText ?? t('confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const ConfirmContext = React.createContext<((opts: ConfirmOptions) => void) | null>(null);

/** Mounts one confirmation dialog for the subtree; `useConfirm()` opens it. */
export function ConfirmProvider({ children }: { children: React.ReactNode }) {
  const [opts, setOpts] = React.useState<ConfirmOptions | null>(null);
  const [open, setOpen] = React.useState(false);
  const confirm = React.useCallback((o: ConfirmOptions) => {
    setOpts(o);
    setOpen(true);
  }, []);
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {opts ? <ConfirmDialog {...opts} open={open} onOpenChange={setOpen} /> : null}
    </ConfirmContext.Provider>
  );
}

/** Asks for confirmation before `onConfirm` runs (inside a ConfirmProvider, which the admin layout mounts). */
export function useConfirm(): (opts: ConfirmOptions) => void {
  const ctx = React.useContext(ConfirmContext);
  if (!ctx) throw new Error('useConfirm needs a ConfirmProvider');
  return ctx;
}
