import type { IConfig } from '@wenku/db';
import { type ConfigDTO, SECRET_MASK } from '@wenku/shared';

/** A config row → wire shape; a secret that is set goes out masked. */
export function presentConfig(row: IConfig): ConfigDTO {
  return {
    id: row.id,
    category: row.category,
    name: row.name,
    label: row.label,
    value: row.isSecret && row.value !== '' ? SECRET_MASK : row.value,
    placeholder: row.placeholder,
    input_type: row.inputType,
    sort: row.sort,
    options: row.options,
    is_secret: row.isSecret,
    col_num: row.colNum,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
