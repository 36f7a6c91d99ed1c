import { FILE_KINDS } from '@wenku/shared';
import { CircleHelpIcon } from 'lucide-react';
import { useDocumentSettings } from '@/components/documents/use-document-data';
import { SmartLink } from '@/components/layout/smart-link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTranslation } from '@/i18n/areas/account';

/** The help panel: size limit and supported formats by group (moredoc-facts §21.3). */
export function UploadHelp() {
  const { t } = useTranslation();
  const { allowed, maxMb } = useDocumentSettings();
  const groups = (Object.entries(FILE_KINDS) as [string, readonly string[]][])
    .map(([kind, exts]) => [kind, exts.filter((e) => allowed.includes(`.${e}`))] as const)
    .filter(([, exts]) => exts.length > 0);
  return (
    <aside className="lg:sticky lg:top-20 lg:self-start">
      <Card className="gap-3">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <CircleHelpIcon className="size-4 text-primary" />
            {t('documents.upload.helpTitle')}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <Alert variant="info">
            <AlertTitle>{t('documents.upload.helpSize', { max: maxMb })}</AlertTitle>
            <AlertDescription>{t('documents.upload.helpReview')}</AlertDescription>
          </Alert>
          <dl className="grid gap-2">
            {groups.map(([kind, exts]) => (
              <div key={kind} className="grid grid-cols-[64px_minmax(0,1fr)] gap-2">
                <dt className="font-medium">{t(`documents.kinds.${kind}`)}</dt>
                <dd className="text-muted-foreground">{exts.join(', ')}</dd>
              </div>
            ))}
          </dl>
          <p className="text-muted-foreground text-xs">{t('documents.upload.helpInstant')}</p>
          <SmartLink href="/article/help" className="text-primary text-sm hover:underline">
            {t('documents.upload.helpLink')}
          </SmartLink>
        </CardContent>
      </Card>
    </aside>
  );
}
