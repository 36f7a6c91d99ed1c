import { ChevronDownIcon, ChevronsDownIcon, ChevronsUpIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/menu';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';

/** The page's create button (top right of an admin page). */
export function CreateButton({ onClick, children }: { onClick: () => void; children: React.ReactNode }) {
  return (
    <Button onClick={onClick}>
      <PlusIcon />
      {children}
    </Button>
  );
}

/** The buttons at the end of a table row, right-aligned. */
export function RowActions({ children }: { children: React.ReactNode }) {
  return <div className="flex justify-end gap-1">{children}</div>;
}

/** An icon button of a table row, named for screen readers and with the same text as its tooltip. */
export function RowAction({
  label,
  onClick,
  destructive,
  children,
}: {
  label: string;
  onClick: () => void;
  destructive?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-8', destructive && 'text-destructive hover:text-destructive')}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

export function EditAction({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <RowAction label={t('edit')} onClick={onClick}>
      <PencilIcon />
    </RowAction>
  );
}

export function DeleteAction({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <RowAction label={t('delete')} onClick={onClick} destructive>
      <Trash2Icon />
    </RowAction>
  );
}

/** Keeps the row's buttons aligned where a row may not have an action (built-in items, roles in use). */
export function RowActionGap() {
  return <span className="inline-block size-8" />;
}

/** The delete button shown above a table while rows are selected. */
export function BulkDeleteButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button variant="destructive" size="sm" disabled={disabled} onClick={onClick}>
      <Trash2Icon />
      {t('admin.common.bulkDelete')}
    </Button>
  );
}

/** Another button shown above a table while rows are selected (recommend, file under a category…). */
export function BulkButton({
  icon,
  onClick,
  disabled,
  children,
}: {
  icon: React.ReactNode;
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button size="sm" variant="outline" disabled={disabled} onClick={onClick}>
      {icon}
      {children}
    </Button>
  );
}

/** A menu of actions on the selected rows (the review commands); its items are DropdownMenuItems. */
export function BulkMenu({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" variant="outline">
          {label}
          <ChevronDownIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Expand all / collapse all of a tree table (`true` expands every row, `{}` none). */
export function ExpandAllButtons({ onChange }: { onChange: (expanded: true | Record<string, never>) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => onChange(true)}>
        <ChevronsDownIcon />
        {t('admin.table.expandAll')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => onChange({})}>
        <ChevronsUpIcon />
        {t('admin.table.collapseAll')}
      </Button>
    </>
  );
}
