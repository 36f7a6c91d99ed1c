import type { ColumnDef } from '@tanstack/react-table';
import type * as React from 'react';
import { Switch } from '@/components/ui/form-controls';
import type { TFunction } from '@/i18n';
import { useTranslation } from '@/i18n/react';
import { formatDateTime } from '@/lib/dates';
import { DeleteAction, EditAction, RowActions } from './actions';

/**
 * Columns that most admin lists share. Sortable columns name the field moredoc's `order` takes; a column sorts only
 * when the table has `onOrderChange` (paged lists) and the column says so.
 */

export function idColumn<T extends { id: number }>({ sortable = false } = {}): ColumnDef<T> {
  return { id: 'id', accessorFn: (r) => r.id, header: 'ID', enableSorting: sortable, meta: { className: 'w-16' } };
}

export function sortColumn<T extends { sort: number }>(t: TFunction, { sortable = false } = {}): ColumnDef<T> {
  return { id: 'sort', accessorFn: (r) => r.sort, header: t('admin.common.sort'), enableSorting: sortable };
}

export function createdAtColumn<T extends { created_at: string }>(
  t: TFunction,
  { sortable = false, header = t('admin.common.createdAt') }: { sortable?: boolean; header?: string } = {},
): ColumnDef<T> {
  return {
    id: 'created_at',
    accessorFn: (r) => r.created_at,
    header,
    enableSorting: sortable,
    cell: ({ row: { original } }) => (
      <span className="whitespace-nowrap text-xs">{formatDateTime(original.created_at)}</span>
    ),
  };
}

/** The on/off switch of a row, saved as soon as it is flipped. */
export function EnableSwitch({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (enable: boolean) => void;
}) {
  const { t } = useTranslation();
  return <Switch checked={checked} aria-label={t('enabled')} disabled={disabled} onCheckedChange={onChange} />;
}

/** The 启用 column: a switch that saves at once; `canEdit` false shows it read-only. */
export function enableColumn<T extends { enable: boolean }>(
  t: TFunction,
  { canEdit, onChange }: { canEdit: boolean; onChange: (row: T, enable: boolean) => void },
): ColumnDef<T> {
  return {
    id: 'enable',
    header: t('enabled'),
    cell: ({ row: { original } }) => (
      <EnableSwitch checked={original.enable} disabled={!canEdit} onChange={(enable) => onChange(original, enable)} />
    ),
  };
}

/** The last column: the row's buttons (see RowActions). */
export function actionsColumn<T>(t: TFunction, cell: (row: T) => React.ReactNode): ColumnDef<T> {
  return {
    id: 'actions',
    header: t('actions'),
    // Sticky at the right edge (issue 20): a wide table scrolls under it, the row's actions stay in reach.
    meta: {
      className:
        'sticky right-0 z-[1] w-px bg-card text-right shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.18)] [thead_&]:bg-[image:linear-gradient(color-mix(in_oklab,var(--color-muted)_40%,transparent),color-mix(in_oklab,var(--color-muted)_40%,transparent))]',
    },
    cell: ({ row: { original } }) => cell(original),
  };
}

/** When a row went to the recycle bin (the recycle bins' last data column). */
export function deletedAtColumn<T extends { deleted_at?: string | null }>(header: string): ColumnDef<T> {
  return {
    id: 'deleted_at',
    header,
    cell: ({ row: { original } }) => (
      <span className="whitespace-nowrap text-xs">{formatDateTime(original.deleted_at)}</span>
    ),
  };
}

/** The actions column of a plain list: edit and delete, each where the page passes it (the admin may). */
export function editDeleteColumn<T>(
  t: TFunction,
  { onEdit, onDelete }: { onEdit?: (row: T) => void; onDelete?: (row: T) => void },
): ColumnDef<T> {
  return actionsColumn(t, (row) => (
    <RowActions>
      {onEdit ? <EditAction onClick={() => onEdit(row)} /> : null}
      {onDelete ? <DeleteAction onClick={() => onDelete(row)} /> : null}
    </RowActions>
  ));
}
