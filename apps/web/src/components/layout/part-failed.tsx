import { RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';

/** A part of the page whose code could not be loaded (lib/lazy-part.ts): said so, with a way to reload. */
export function PartFailed() {
  const { t } = useTranslation();
  return (
    <p
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-4 text-muted-foreground text-sm shadow-xs"
      data-testid="part-failed"
    >
      {t('shell.error.partFailed')}
      <Button type="button" variant="outline" size="sm" onClick={() => window.location.reload()}>
        <RefreshCwIcon />
        {t('shell.error.reload')}
      </Button>
    </p>
  );
}
