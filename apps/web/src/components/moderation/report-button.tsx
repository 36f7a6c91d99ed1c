import { FlagIcon } from 'lucide-react';
import * as React from 'react';
import { SignInPopover } from '@/components/layout/sign-in-popover';
import { Button } from '@/components/ui/button';
import { lazyWhenOpen } from '@/components/ui/lazy-open';
import { useTranslation } from '@/i18n/areas/moderation-report';
import { useSession } from '@/lib/session';

/** The report dialog, loaded when a member first opens it (issue 17). */
const ReportDialog = lazyWhenOpen<React.ComponentProps<typeof import('./report-dialog').default>>(
  () => import('./report-dialog'),
);

interface ReportButtonProps {
  /** What is reported: 0 a document, 1 an article (spec §3). */
  type: 0 | 1;
  /** The document's or article's id. */
  id: number;
  size?: 'sm' | 'default';
  variant?: 'outline' | 'ghost';
  /** Icon only (the label becomes its accessible name and tooltip). */
  iconOnly?: boolean;
  className?: string;
}

/**
 * 举报 of a document or article (moredoc-facts §12): a dialog with the six reasons; a member reports an item once
 * (the server answers 409 to a second report). Visitors get a prompt to sign in instead.
 */
export function ReportButton(props: ReportButtonProps) {
  const { user } = useSession();
  return user ? <MemberReportButton key={user.id} {...props} /> : <GuestReportButton {...props} />;
}

function TriggerContent({ iconOnly }: { iconOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <FlagIcon />
      {iconOnly ? <span className="sr-only">{t('moderation.report.button')}</span> : t('moderation.report.button')}
    </>
  );
}

function GuestReportButton({ size = 'sm', variant = 'outline', iconOnly, className }: ReportButtonProps) {
  const { t } = useTranslation();
  return (
    <SignInPopover
      title={t('moderation.report.loginTitle')}
      hint={t('moderation.report.loginHint')}
      action={t('moderation.report.login')}
      trigger={(props) => (
        <Button
          variant={variant}
          size={iconOnly ? 'icon' : size}
          className={className}
          title={iconOnly ? t('moderation.report.button') : undefined}
          data-testid="report-button"
          {...props}
        >
          <TriggerContent iconOnly={iconOnly} />
        </Button>
      )}
    />
  );
}

function MemberReportButton({ type, id, size = 'sm', variant = 'outline', iconOnly, className }: ReportButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={iconOnly ? 'icon' : size}
        className={className}
        title={iconOnly ? t('moderation.report.button') : undefined}
        aria-haspopup="dialog"
        onPointerDown={ReportDialog.preload}
        onClick={() => setOpen(true)}
        data-testid="report-button"
      >
        <TriggerContent iconOnly={iconOnly} />
      </Button>
      <ReportDialog type={type} id={id} open={open} onOpenChange={setOpen} />
    </>
  );
}
