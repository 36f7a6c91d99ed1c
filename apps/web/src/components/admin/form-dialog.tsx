import { LoaderCircleIcon } from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Sheet,
  SheetContent,
  SheetTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

interface FormShellProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** The form's submit handler (react-hook-form's `handleSubmit(...)`); without it the body is shown as is. */
  onSubmit?: (e: React.FormEvent<HTMLFormElement>) => void;
  submitting?: boolean;
  submitText?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}

function Footer({
  onCancel,
  submitting,
  submitText,
}: {
  onCancel: () => void;
  submitting?: boolean;
  submitText?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="button" variant="outline" onClick={onCancel} disabled={submitting}>
        {t('cancel')}
      </Button>
      <Button type="submit" disabled={submitting}>
        {submitting ? <LoaderCircleIcon className="animate-spin" /> : null}
        {submitText ?? t('submit')}
      </Button>
    </>
  );
}

/** A centred dialog holding a form with cancel and submit buttons. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  submitting,
  submitText,
  children,
  className,
}: FormShellProps) {
  return (
    <Dialog open={open} onOpenChange={(v) => !submitting && onOpenChange(v)}>
      <DialogContent className={cn('sm:max-w-xl', className)} aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {onSubmit ? (
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            {children}
            <DialogFooter>
              <Footer onCancel={() => onOpenChange(false)} submitting={submitting} submitText={submitText} />
            </DialogFooter>
          </form>
        ) : (
          children
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A side drawer holding a form (long forms and the admin's own profile and password). */
export function FormDrawer({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  submitting,
  submitText,
  children,
  className,
}: FormShellProps) {
  return (
    <Sheet open={open} onOpenChange={(v) => !submitting && onOpenChange(v)}>
      <SheetContent className={cn('w-full sm:max-w-lg', className)} aria-describedby={undefined}>
        <div className="grid gap-1 pr-6">
          <SheetTitle>{title}</SheetTitle>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
        </div>
        {onSubmit ? (
          <form noValidate onSubmit={onSubmit} className="flex flex-1 flex-col gap-4">
            <div className="grid gap-4">{children}</div>
            <div className="mt-auto flex justify-end gap-2 border-t pt-4">
              <Footer onCancel={() => onOpenChange(false)} submitting={submitting} submitText={submitText} />
            </div>
          </form>
        ) : (
          children
        )}
      </SheetContent>
    </Sheet>
  );
}
