import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef, ExpandedState } from '@tanstack/react-table';
import { createNavigationInput, NAVIGATION_LIST_SIZE, type NavigationDTO } from '@wenku/shared';
import { ExternalLinkIcon, LockIcon, SquarePlusIcon } from 'lucide-react';
import * as React from 'react';
import {
  CreateButton,
  DeleteAction,
  EditAction,
  ExpandAllButtons,
  RowAction,
  RowActionGap,
  RowActions,
} from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, enableColumn, idColumn, sortColumn } from '@/components/admin/columns';
import { DataTable, queryTableState, TreeCell } from '@/components/admin/data-table';
import { useEntityForm } from '@/components/admin/entity-form';
import { listActionCallbacks, useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { FormDialog } from '@/components/admin/form-dialog';
import {
  ColorField,
  ControlledField,
  DescriptionField,
  NumberSelectField,
  SortField,
  SwitchField,
  TextField,
} from '@/components/admin/form-fields';
import { SelectInput } from '@/components/admin/inputs';
import { buildTree, parentOptions, type TreeNode } from '@/components/admin/tree';
import { useCan } from '@/components/admin/use-can';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

/** The whole navigation in one page, as moredoc's web loads it (spec §9: size 10000). */
const NAV_INPUT = { page: 1, size: NAVIGATION_LIST_SIZE };

export const Route = createFileRoute('/admin/navigation')({
  loader: ({ context: { queryClient, trpc } }) =>
    queryClient.prefetchQuery(trpc.navigation.list.queryOptions(NAV_INPUT)),
  component: NavigationPage,
});

type Node = TreeNode<NavigationDTO>;

/** The header navigation as a tree (moredoc-facts §18.2): built-in (fixed) items can be edited but not deleted. */
function NavigationPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const can = useCan();
  const list = useQuery(trpc.navigation.list.queryOptions(NAV_INPUT));
  const rows = list.data?.navigation;
  const tree = React.useMemo(() => (rows ? buildTree(rows) : undefined), [rows]);
  const [expanded, setExpanded] = React.useState<ExpandedState>(true);
  const [editing, setEditing] = React.useState<{ nav: NavigationDTO | null; parentId: number } | null>(null);

  const invalidate = useInvalidate(trpc.navigation.pathFilter());
  const { mutate: updateNav } = useMutation(trpc.navigation.update.mutationOptions(listActionCallbacks(invalidate)));
  const askDelete = useConfirmedDelete<NavigationDTO>({
    title: t('admin.navigation.deleteTitle'),
    description: ([n]) => t('admin.navigation.deleteConfirm', { name: n?.title }),
    remove: (id) => client.navigation.delete.mutate({ id }),
    refresh: invalidate,
  });

  const columns = React.useMemo<ColumnDef<Node>[]>(
    () => [
      {
        id: 'title',
        header: t('admin.navigation.title'),
        cell: ({ row }) => (
          <TreeCell row={row}>
            <span className="font-medium" style={row.original.color ? { color: row.original.color } : undefined}>
              {row.original.title}
            </span>
            {row.original.fixed ? (
              <Badge variant="secondary" title={t('admin.navigation.fixedHint')}>
                <LockIcon />
                {t('admin.navigation.fixed')}
              </Badge>
            ) : null}
          </TreeCell>
        ),
      },
      idColumn(),
      {
        id: 'href',
        header: t('admin.navigation.href'),
        cell: ({ row: { original: n } }) =>
          n.href ? (
            <span className="inline-flex max-w-64 items-center gap-1 truncate text-xs">
              {/^https?:\/\//i.test(n.href) ? <ExternalLinkIcon className="size-3 shrink-0" /> : null}
              <span className="truncate" title={n.href}>
                {n.href}
              </span>
            </span>
          ) : (
            <span className="text-muted-foreground text-xs">{t('admin.navigation.noHref')}</span>
          ),
      },
      {
        id: 'target',
        header: t('admin.navigation.target'),
        cell: ({ row: { original: n } }) => (
          <span className="whitespace-nowrap text-xs">{t(`admin.navigation.targets.${n.target || '_self'}`)}</span>
        ),
      },
      sortColumn(t),
      enableColumn(t, {
        canEdit: can('NavigationAPI.UpdateNavigation'),
        // parent_id travels along: the update input defaults a missing parent to the top level.
        onChange: (n, enable) => updateNav({ id: n.id, title: n.title, parent_id: n.parent_id, enable }),
      }),
      actionsColumn(t, (n) => (
        <RowActions>
          {can('NavigationAPI.CreateNavigation') ? (
            <RowAction label={t('admin.navigation.addChild')} onClick={() => setEditing({ nav: null, parentId: n.id })}>
              <SquarePlusIcon />
            </RowAction>
          ) : null}
          {can('NavigationAPI.UpdateNavigation') ? (
            <EditAction onClick={() => setEditing({ nav: n, parentId: n.parent_id })} />
          ) : null}
          {/* Built-in items cannot be deleted (the server refuses too). */}
          {can('NavigationAPI.DeleteNavigation') && !n.fixed ? (
            <DeleteAction onClick={() => askDelete([n])} />
          ) : (
            <RowActionGap />
          )}
        </RowActions>
      )),
    ],
    [t, can, updateNav, askDelete],
  );

  return (
    <AdminPage
      title={t('admin.menu.navigation')}
      description={t('admin.navigation.description')}
      actions={
        can('NavigationAPI.CreateNavigation') ? (
          <CreateButton onClick={() => setEditing({ nav: null, parentId: 0 })}>
            {t('admin.navigation.create')}
          </CreateButton>
        ) : null
      }
    >
      <FilterBar>
        <ExpandAllButtons onChange={setExpanded} />
      </FilterBar>
      <DataTable
        columns={columns}
        data={tree}
        getRowId={(n) => String(n.id)}
        getSubRows={(n) => n.children}
        expanded={expanded}
        onExpandedChange={setExpanded}
        {...queryTableState(list)}
        emptyText={t('admin.navigation.empty')}
        minWidth={820}
      />
      {editing && rows ? (
        <NavigationDialog rows={rows} nav={editing.nav} parentId={editing.parentId} onClose={() => setEditing(null)} />
      ) : null}
    </AdminPage>
  );
}

function NavigationDialog({
  rows,
  nav,
  parentId,
  onClose,
}: {
  rows: NavigationDTO[];
  nav: NavigationDTO | null;
  parentId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { form, shellProps } = useEntityForm({
    schema: createNavigationInput,
    defaultValues: {
      title: nav?.title ?? '',
      href: nav?.href ?? '',
      color: nav?.color ?? '',
      target: nav?.target === '_blank' ? '_blank' : '_self',
      sort: nav?.sort ?? 0,
      enable: nav?.enable ?? true,
      parent_id: nav ? nav.parent_id : parentId,
      description: nav?.description ?? '',
    },
    save: (v) => (nav ? client.navigation.update.mutate({ ...v, id: nav.id }) : client.navigation.create.mutate(v)),
    successText: nav ? t('admin.common.saved') : t('admin.common.created'),
    invalidate: [trpc.navigation.pathFilter()],
    onClose,
  });
  const parents = React.useMemo(() => parentOptions(rows, t('admin.navigation.topLevel'), nav?.id), [rows, nav, t]);

  return (
    <FormDialog {...shellProps} title={nav ? t('admin.navigation.edit') : t('admin.navigation.create')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="title" label={t('admin.navigation.title')} />
        <NumberSelectField form={form} name="parent_id" label={t('admin.navigation.parent')} options={parents} />
      </div>
      <TextField
        form={form}
        name="href"
        label={t('admin.navigation.href')}
        hint={t('admin.navigation.hrefHint')}
        placeholder={t('admin.navigation.hrefPlaceholder')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ColorField form={form} name="color" label={t('admin.navigation.color')} />
        <ControlledField
          form={form}
          name="target"
          label={t('admin.navigation.target')}
          render={(field, id) => (
            <SelectInput
              id={id}
              value={field.value ?? '_self'}
              onChange={field.onChange}
              options={[
                { value: '_self', label: t('admin.navigation.targets._self') },
                { value: '_blank', label: t('admin.navigation.targets._blank') },
              ]}
            />
          )}
        />
        <SortField form={form} />
        <SwitchField form={form} name="enable" label={t('enabled')} />
      </div>
      <DescriptionField form={form} rows={2} />
    </FormDialog>
  );
}
