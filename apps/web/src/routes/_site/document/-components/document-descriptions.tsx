import { type DocumentDTO, safeAbsoluteUrl } from '@wenku/shared';
import { PriceTag } from '@/components/documents/document-items';
import { extLabel } from '@/components/documents/file-kind';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { stars } from '@/components/documents/listing';
import { Stars } from '@/components/documents/star-rating';
import { useDocumentSettings, useLanguageName } from '@/components/documents/use-document-data';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/i18n/react';
import { FoldedText, KeywordLinks } from './document-parts';

/** The document's descriptions card: language or uploader, format, rating, price, source, summary and keywords. */
export function DocumentDescriptions({ doc }: { doc: DocumentDTO }) {
  const { t } = useTranslation();
  const settings = useDocumentSettings();
  const languageName = useLanguageName();
  return (
    <Card className="gap-3 px-4 py-4 sm:px-6" data-testid="document-descriptions">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground text-xs">
            {doc.language ? t('documents.fields.language') : t('documents.read.uploader')}
          </dt>
          <dd className="truncate">{doc.language ? languageName(doc.language) : doc.username || '-'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">{t('documents.read.format')}</dt>
          <dd className="inline-flex items-center gap-1">
            <FileKindIcon ext={doc.ext} className="size-4" />
            {extLabel(doc.ext)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">{t('documents.read.rating')}</dt>
          <dd className="inline-flex items-center gap-1">
            {doc.score_count > 0 ? (
              <Stars value={stars(doc.score)} size={12} />
            ) : (
              <span className="text-muted-foreground">{t('documents.rating.none')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">{t('documents.read.priceLabel')}</dt>
          <dd>
            <PriceTag price={doc.price} creditName={settings.creditName} />
          </dd>
        </div>
        {doc.source ? (
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-muted-foreground text-xs">{t('documents.read.source')}</dt>
            <dd className="truncate">
              <a
                href={safeAbsoluteUrl(doc.source) ?? undefined}
                target="_blank"
                rel="nofollow noopener noreferrer"
                className="text-primary hover:underline"
                title={doc.source}
              >
                {sourceHost(doc.source)}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {doc.description ? (
        <div className="grid gap-1">
          <h2 className="font-medium text-sm">{t('documents.read.summary')}</h2>
          <FoldedText text={doc.description} />
        </div>
      ) : null}
      <KeywordLinks keywords={doc.keywords} />
    </Card>
  );
}

/** The site a crawled document came from (moredoc-pro-facts §2.6 `来源`), shown by its host. */
function sourceHost(source: string): string {
  try {
    return new URL(source).host;
  } catch {
    return source;
  }
}
