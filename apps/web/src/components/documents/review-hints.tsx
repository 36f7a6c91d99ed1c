import type { DocumentDTO } from '@wenku/shared';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { documentHref } from './reading';

/** OCR states as the server sends them (issue 18): 1 running, 2 done, 3 failed. */
const OCR_RUNNING = 1;
const OCR_FAILED = 3;

/**
 * What reviewers see of a document beyond its status (only document administrators receive these fields): the older
 * document its text likely repeats, with a link and the similarity, and the progress of OCR on its scanned pages.
 */
export function ReviewHints({ doc }: { doc: DocumentDTO }) {
  const { t } = useTranslation();
  const dup = doc.duplicate_of;
  const ocr = doc.ocr_status ?? 0;
  if (!dup && ocr !== OCR_RUNNING && ocr !== OCR_FAILED) return null;
  return (
    <span className="grid gap-1 text-xs" data-testid="review-hints">
      {dup ? (
        <span className="text-warning" data-testid="duplicate-hint">
          {t('documents.review.likelyDuplicate')}{' '}
          <a
            href={documentHref(dup)}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-primary hover:underline"
          >
            《{dup.title}》
          </a>{' '}
          <Badge variant="warning">{t('documents.review.similarity', { value: dup.similarity })}</Badge>
        </span>
      ) : null}
      {ocr === OCR_RUNNING ? (
        <span className="text-muted-foreground tabular-nums" data-testid="ocr-progress">
          {t('documents.review.ocrProgress', { done: doc.ocr_done ?? 0, total: doc.ocr_pages ?? 0 })}
        </span>
      ) : ocr === OCR_FAILED ? (
        <span className="text-destructive">{t('documents.review.ocrFailed')}</span>
      ) : null}
    </span>
  );
}
