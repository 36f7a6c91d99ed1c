import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { LoaderCircleIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import * as React from 'react';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeading } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/i18n/areas/moderation';
import { errorMessage, toApiError } from '@/lib/api-error';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { REPORT_REASONS, reasonKey } from './moderation';

/**
 * A member's report of a document or article (moredoc-facts §12): the six reasons; a member reports an item once (the
 * server answers 409 to a second report). Loaded when first opened (issue 17), with the dialog and radio libraries.
 */
export default function ReportDialog({
  type,
  id,
  open,
  onOpenChange: setOpen,
}: {
  type: 0 | 1;
  id: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const href = useLocation({ select: (l) => l.href });
  const [reason, setReason] = React.useState<number | null>(null);
  const groupId = React.useId();

  const report = useMutation(
    trpc.report.create.mutationOptions({
      onSuccess: () => {
        toast.success(t('moderation.report.success'));
        setOpen(false);
        setReason(null);
      },
      onError: (e) => {
        const { status } = toApiError(e);
        if (status === 409) {
          // Already reported by this member: nothing more to do here.
          toast.info(errorMessage(e, t('moderation.report.already')));
          setOpen(false);
        } else if (status === 401) {
          // The session ended meanwhile: offer to sign in again and come back.
          setOpen(false);
          toast.error(errorMessage(e), {
            action: {
              label: t('moderation.report.login'),
              onClick: () => void navigate({ to: '/login', search: { redirect: href } }),
            },
          });
        } else {
          toast.error(errorMessage(e, t('moderation.report.failed')));
        }
      },
    }),
  );

  const title = type === 1 ? t('moderation.report.titleArticle') : t('moderation.report.titleDocument');
  return (
    <Dialog open={open} onOpenChange={(v) => !report.isPending && setOpen(v)}>
      <DialogContent className="sm:max-w-md">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason !== null) report.mutate({ document_id: id, type, reason });
          }}
        >
          <DialogHeading title={title} description={t('moderation.report.hint')} />
          <div className="grid gap-2">
            <Label id={`${groupId}-label`}>{t('moderation.report.reason')}</Label>
            <RadioGroup.Root
              aria-labelledby={`${groupId}-label`}
              value={reason === null ? '' : String(reason)}
              onValueChange={(v) => setReason(Number(v))}
              className="grid grid-cols-2 gap-2"
              required
            >
              {REPORT_REASONS.map((r) => (
                <label
                  key={r}
                  htmlFor={`${groupId}-${r}`}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm transition-colors hover:bg-accent',
                    reason === r && 'border-primary bg-primary/5',
                  )}
                >
                  <RadioGroup.Item
                    id={`${groupId}-${r}`}
                    value={String(r)}
                    className="flex size-4 shrink-0 items-center justify-center rounded-full border border-input shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:border-primary"
                  >
                    <RadioGroup.Indicator className="size-2 rounded-full bg-primary" />
                  </RadioGroup.Item>
                  {t(reasonKey(r))}
                </label>
              ))}
            </RadioGroup.Root>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={report.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={reason === null || report.isPending}>
              {report.isPending ? <LoaderCircleIcon className="animate-spin" /> : null}
              {t('moderation.report.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
