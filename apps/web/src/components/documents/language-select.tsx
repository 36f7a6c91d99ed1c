import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useTranslation } from '@/i18n/react';
import { useDocumentSettings } from './use-document-data';

const NONE = '__none__';

/** The document languages enabled in the back office (settings `language`), plus "not set". */
export function LanguageSelect({
  value,
  onChange,
  id,
  className,
  emptyLabel,
  'aria-label': ariaLabel,
}: {
  value: string;
  onChange: (code: string) => void;
  id?: string;
  className?: string;
  emptyLabel?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const { languages } = useDocumentSettings();
  // A language disabled since the document was filed still shows under its code.
  const known = value === '' || languages.some((l) => l.code === value);
  return (
    <Select value={value === '' ? NONE : value} onValueChange={(v) => onChange(v === NONE ? '' : v)}>
      <SelectTrigger id={id} className={className} aria-label={ariaLabel}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NONE}>{emptyLabel ?? t('documents.fields.noLanguage')}</SelectItem>
        {languages.map((l) => (
          <SelectItem key={l.code} value={l.code}>
            {l.language}
          </SelectItem>
        ))}
        {known ? null : <SelectItem value={value}>{value}</SelectItem>}
      </SelectContent>
    </Select>
  );
}
