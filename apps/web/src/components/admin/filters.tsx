import { useTranslation } from 'react-i18next';
import { SelectInput } from './inputs';

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
