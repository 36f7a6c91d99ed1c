import { Trash2Icon } from 'lucide-react';
import * as React from 'react';
import type { ConfirmOptions } from '@/components/admin/confirm-dialog';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/admin/lazy-confirm-dialog';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';

/**
 * The delete button of a document or article page (its owner or an administrator): asks first, and the dialog waits
 * while `onConfirm` runs.
 */
export function DeleteWithConfirm({
  label,
  title,
  description,
  onConfirm,
  testId,
}: Pick<ConfirmOptions, 'title' | 'description' | 'onConfirm'> & { label: React.ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        aria-haspopup="dialog"
        onPointerDown={ConfirmDialog.preload}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        <Trash2Icon />
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        destructive
        title={title}
        description={description}
        confirmText={t('delete')}
        onConfirm={onConfirm}
      />
    </>
  );
}
