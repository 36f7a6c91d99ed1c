import { RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';

/** A part of the page whose code could not be loaded (lib/lazy-part.ts): said so, with a way to reload. */
export function PartFailed() {
  const { t } = useTranslation();
  return (
    <p
      role="alert"
      className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm"
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
