import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef, ExpandedState } from '@tanstack/react-table';
import { createNavigationInput, NAVIGATION_LIST_SIZE, type NavigationDTO } from '@wenku/shared';
import {
  ChevronsDownIcon,
  ChevronsUpIcon,
  ExternalLinkIcon,
  LockIcon,
  PencilIcon,
  PlusIcon,
  SquarePlusIcon,
  Trash2Icon,
} from 'lucide-react';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { DataTable, TreeCell } from '@/components/admin/data-table';
import { FormDialog } from '@/components/admin/form-dialog';
import { errorOf, reportFormError } from '@/components/admin/form-errors';
import { ColorInput, SelectInput, YesNoSwitch } from '@/components/admin/inputs';
import { buildTree, descendantIds, flattenTree, type TreeNode } from '@/components/admin/tree';
import { useCan } from '@/components/admin/use-can';
import { Field } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/form-controls';
import { Input, Textarea } from '@/components/ui/input';
import { Badge } from '@/components/ui/misc';
import { useTRPC } from '@/lib/trpc';

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
  const queryClient = useQueryClient();
  const can = useCan();
  const confirm = useConfirm();
  const list = useQuery(trpc.navigation.list.queryOptions(NAV_INPUT));
  const rows = list.data?.navigation;
  const tree = React.useMemo(() => (rows ? buildTree(rows) : undefined), [rows]);
  const [expanded, setExpanded] = React.useState<ExpandedState>(true);
  const [editing, setEditing] = React.useState<{ nav: NavigationDTO | null; parentId: number } | null>(null);

  const invalidate = () => queryClient.invalidateQueries(trpc.navigation.pathFilter());
  const { mutate: updateNav } = useMutation(
    trpc.navigation.update.mutationOptions({ onSuccess: invalidate, onError: (e) => reportFormError(null, e) }),
  );
  const { mutateAsync: deleteNavs } = useMutation(
    trpc.navigation.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.deleted'));
        await invalidate();
      },
      onError: (e) => reportFormError(null, e),
    }),
  );
  const askDelete = React.useCallback(
    (n: NavigationDTO) =>
      confirm({
        title: t('admin.navigation.deleteTitle'),
        description: t('admin.navigation.deleteConfirm', { name: n.title }),
        destructive: true,
        confirmText: t('delete'),
        onConfirm: () => deleteNavs({ id: [n.id] }),
      }),
    [confirm, deleteNavs, t],
  );

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
      { id: 'id', accessorKey: 'id', header: 'ID', meta: { className: 'w-16' } },
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
      { id: 'sort', accessorKey: 'sort', header: t('admin.common.sort') },
      {
        id: 'enable',
        header: t('enabled'),
        cell: ({ row: { original: n } }) => (
          <Switch
            checked={n.enable}
            aria-label={t('enabled')}
            disabled={!can('NavigationAPI.UpdateNavigation')}
            // parent_id travels along: the update input defaults a missing parent to the top level.
            onCheckedChange={(enable) => updateNav({ id: n.id, title: n.title, parent_id: n.parent_id, enable })}
          />
        ),
      },
      {
        id: 'actions',
        header: t('actions'),
        meta: { className: 'w-px text-right' },
        cell: ({ row: { original: n } }) => (
          <div className="flex justify-end gap-1">
            {can('NavigationAPI.CreateNavigation') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t('admin.navigation.addChild')}
                title={t('admin.navigation.addChild')}
                onClick={() => setEditing({ nav: null, parentId: n.id })}
              >
                <SquarePlusIcon />
              </Button>
            ) : null}
            {can('NavigationAPI.UpdateNavigation') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t('edit')}
                title={t('edit')}
                onClick={() => setEditing({ nav: n, parentId: n.parent_id })}
              >
                <PencilIcon />
              </Button>
            ) : null}
            {/* Built-in items cannot be deleted (the server refuses too). */}
            {can('NavigationAPI.DeleteNavigation') && !n.fixed ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-destructive hover:text-destructive"
                aria-label={t('delete')}
                title={t('delete')}
                onClick={() => askDelete(n)}
              >
                <Trash2Icon />
              </Button>
            ) : (
              <span className="inline-block size-8" />
            )}
          </div>
        ),
      },
    ],
    [t, can, updateNav, askDelete],
  );

  return (
    <AdminPage
      title={t('admin.menu.navigation')}
      description={t('admin.navigation.description')}
      actions={
        can('NavigationAPI.CreateNavigation') ? (
          <Button onClick={() => setEditing({ nav: null, parentId: 0 })}>
            <PlusIcon />
            {t('admin.navigation.create')}
          </Button>
        ) : null
      }
    >
      <FilterBar>
        <Button variant="outline" size="sm" onClick={() => setExpanded(true)}>
          <ChevronsDownIcon />
          {t('admin.table.expandAll')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setExpanded({})}>
          <ChevronsUpIcon />
          {t('admin.table.collapseAll')}
        </Button>
      </FilterBar>
      <DataTable
        columns={columns}
        data={tree}
        getRowId={(n) => String(n.id)}
        getSubRows={(n) => n.children}
        expanded={expanded}
        onExpandedChange={setExpanded}
        loading={list.isPending}
        fetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('admin.navigation.empty')}
        minWidth={820}
      />
      {editing && rows ? (
        <NavigationDialog rows={rows} nav={editing.nav} parentId={editing.parentId} onClose={() => setEditing(null)} />
      ) : null}
    </AdminPage>
  );
}

type Values = z.input<typeof createNavigationInput>;

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
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, z.output<typeof createNavigationInput>>({
    resolver: zodResolver(createNavigationInput),
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
  });
  const options = {
    onSuccess: async () => {
      toast.success(nav ? t('admin.common.saved') : t('admin.common.created'));
      await queryClient.invalidateQueries(trpc.navigation.pathFilter());
      onClose();
    },
    onError: (e: unknown) => reportFormError(form, e),
  };
  const create = useMutation(trpc.navigation.create.mutationOptions(options));
  const update = useMutation(trpc.navigation.update.mutationOptions(options));
  const parents = React.useMemo(() => {
    const excluded = nav ? descendantIds(rows, nav.id) : new Set<number>();
    return flattenTree(buildTree(rows.filter((r) => !excluded.has(r.id)))).map(({ node, depth }) => ({
      value: String(node.id),
      label: `${'\u3000'.repeat(depth)}${node.title}`,
    }));
  }, [rows, nav]);
  const err = (name: keyof Values) => errorOf(form.formState.errors, name);

  return (
    <FormDialog
      open
      onOpenChange={(v) => !v && onClose()}
      title={nav ? t('admin.navigation.edit') : t('admin.navigation.create')}
      onSubmit={form.handleSubmit((v) => (nav ? update.mutate({ ...v, id: nav.id }) : create.mutate(v)))}
      submitting={create.isPending || update.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin.navigation.title')} htmlFor="nav-title" error={err('title')}>
          <Input id="nav-title" aria-invalid={!!err('title')} {...form.register('title')} />
        </Field>
        <Field label={t('admin.navigation.parent')} htmlFor="nav-parent" error={err('parent_id')}>
          <Controller
            control={form.control}
            name="parent_id"
            render={({ field }) => (
              <SelectInput
                id="nav-parent"
                value={String(field.value ?? 0)}
                onChange={(v) => field.onChange(Number(v))}
                options={[{ value: '0', label: t('admin.navigation.topLevel') }, ...parents]}
              />
            )}
          />
        </Field>
      </div>
      <Field
        label={t('admin.navigation.href')}
        htmlFor="nav-href"
        error={err('href')}
        hint={t('admin.navigation.hrefHint')}
      >
        <Input
          id="nav-href"
          placeholder={t('admin.navigation.hrefPlaceholder')}
          aria-invalid={!!err('href')}
          {...form.register('href')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin.navigation.color')} htmlFor="nav-color" error={err('color')}>
          <Controller
            control={form.control}
            name="color"
            render={({ field }) => <ColorInput id="nav-color" value={field.value} onChange={field.onChange} />}
          />
        </Field>
        <Field label={t('admin.navigation.target')} htmlFor="nav-target">
          <Controller
            control={form.control}
            name="target"
            render={({ field }) => (
              <SelectInput
                id="nav-target"
                value={field.value ?? '_self'}
                onChange={field.onChange}
                options={[
                  { value: '_self', label: t('admin.navigation.targets._self') },
                  { value: '_blank', label: t('admin.navigation.targets._blank') },
                ]}
              />
            )}
          />
        </Field>
        <Field label={t('admin.common.sort')} htmlFor="nav-sort" error={err('sort')} hint={t('admin.common.sortHint')}>
          <Input id="nav-sort" type="number" step={1} {...form.register('sort')} />
        </Field>
        <Field label={t('enabled')} htmlFor="nav-enable">
          <Controller
            control={form.control}
            name="enable"
            render={({ field }) => (
              <YesNoSwitch id="nav-enable" checked={field.value === true} onChange={field.onChange} />
            )}
          />
        </Field>
      </div>
      <Field label={t('admin.common.description')} htmlFor="nav-description" error={err('description')}>
        <Textarea id="nav-description" rows={2} {...form.register('description')} />
      </Field>
    </FormDialog>
  );
}
