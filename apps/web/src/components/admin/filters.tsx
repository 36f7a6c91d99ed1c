import { useTranslation } from '@/i18n/react';
import { type Option, SelectInput } from './inputs';

/** The 全部 / 启用 / 禁用 filter of admin lists (the `enable[]` list parameter). */
export function EnableFilter({
  value,
  onChange,
}: {
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectInput
      aria-label={t('admin.common.status')}
      className="w-full sm:w-32"
      value={value === undefined ? '' : String(value)}
      onChange={(v) => onChange(v === '' ? undefined : v === 'true')}
      emptyLabel={t('admin.common.allStatus')}
      options={[
        { value: 'true', label: t('enabled') },
        { value: 'false', label: t('disabled') },
      ]}
    />
  );
}

/** A filter of admin lists on one number (status, type, category): 全部 (unset) or one of `options`. */
export function NumberFilter({
  label,
  allLabel,
  value,
  onChange,
  options,
  className = 'w-full sm:w-32',
}: {
  label: string;
  allLabel: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  options: readonly Option[];
  className?: string;
}) {
  return (
    <SelectInput
      aria-label={label}
      className={className}
      value={value === undefined ? '' : String(value)}
      onChange={(v) => onChange(v === '' ? undefined : Number(v))}
      emptyLabel={allLabel}
      options={options}
    />
  );
}
