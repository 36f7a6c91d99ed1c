import { LoaderCircleIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeading,
  Sheet,
  SheetContent,
  SheetTitle,
} from '@/components/ui/dialog';
import { useTranslation } from '@/i18n/react';
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

/** The form of a dialog or drawer: the fields, then cancel and submit; without `onSubmit` the children as they are. */
function FormBody({
  onOpenChange,
  onSubmit,
  submitting,
  submitText,
  children,
  layout,
}: Omit<FormShellProps, 'open' | 'title' | 'description' | 'className'> & { layout: 'dialog' | 'drawer' }) {
  const { t } = useTranslation();
  if (!onSubmit) return <>{children}</>;
  const buttons = (
    <>
      <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={submitting}>
        {t('cancel')}
      </Button>
      <Button type="submit" disabled={submitting}>
        {submitting ? <LoaderCircleIcon className="animate-spin" /> : null}
        {submitText ?? t('submit')}
      </Button>
    </>
  );
  return layout === 'dialog' ? (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {children}
      <DialogFooter>{buttons}</DialogFooter>
    </form>
  ) : (
    <form noValidate onSubmit={onSubmit} className="flex flex-1 flex-col gap-4">
      <div className="grid gap-4">{children}</div>
      <div className="mt-auto flex justify-end gap-2 border-t pt-4">{buttons}</div>
    </form>
  );
}

/** A centred dialog holding a form with cancel and submit buttons. */
export function FormDialog({ open, title, description, className, ...body }: FormShellProps) {
  return (
    <Dialog open={open} onOpenChange={(v) => !body.submitting && body.onOpenChange(v)}>
      <DialogContent className={cn('sm:max-w-xl', className)} aria-describedby={undefined}>
        <DialogHeading title={title} description={description} />
        <FormBody {...body} layout="dialog" />
      </DialogContent>
    </Dialog>
  );
}

/** A side drawer holding a form (long forms and the admin's own profile and password). */
export function FormDrawer({ open, title, description, className, ...body }: FormShellProps) {
  return (
    <Sheet open={open} onOpenChange={(v) => !body.submitting && body.onOpenChange(v)}>
      <SheetContent className={cn('w-full sm:max-w-lg', className)} aria-describedby={undefined}>
        <div className="grid gap-1 pr-6">
          <SheetTitle>{title}</SheetTitle>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
        </div>
        <FormBody {...body} layout="drawer" />
      </SheetContent>
    </Sheet>
  );
}
