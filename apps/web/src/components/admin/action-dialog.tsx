import { LoaderCircleIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeading } from '@/components/ui/dialog';
import { useTranslation } from '@/i18n/react';
import { usePendingAction } from './confirm-dialog';

/** A dialog with a body and cancel/confirm that stays open, busy, while `onConfirm` runs; a failure keeps it open. */
export function ActionDialog({
  title,
  description,
  confirmText,
  destructive,
  canConfirm = true,
  className = 'sm:max-w-lg',
  onClose,
  onConfirm,
  children,
}: {
  title: React.ReactNode;
  description: React.ReactNode;
  confirmText: React.ReactNode;
  destructive?: boolean;
  canConfirm?: boolean;
  /** The dialog's width. */
  className?: string;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { pending, run } = usePendingAction(onConfirm);
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className={className}>
        <DialogHeading title={title} description={description} />
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button variant={destructive ? 'destructive' : 'default'} disabled={pending || !canConfirm} onClick={run}>
            {pending ? <LoaderCircleIcon className="animate-spin" /> : null}
            {confirmText}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
