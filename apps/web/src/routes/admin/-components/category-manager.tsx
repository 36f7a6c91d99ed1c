import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef, ExpandedState } from '@tanstack/react-table';
import { type CategoryDTO, createCategoryInput, updateCategoryInput } from '@wenku/shared';
import { ChevronsDownIcon, ChevronsUpIcon, FolderPlusIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { DataTable, TreeCell } from '@/components/admin/data-table';
import { FormDrawer } from '@/components/admin/form-dialog';
import { errorOf, reportFormError } from '@/components/admin/form-errors';
import { formatDateTime } from '@/components/admin/format';
import { ImageUpload } from '@/components/admin/image-upload';
import { SelectInput, YesNoSwitch } from '@/components/admin/inputs';
import { SearchInput } from '@/components/admin/search-input';
import { buildTree, descendantIds, filterWithAncestors, flattenTree, type TreeNode } from '@/components/admin/tree';
import { useCan } from '@/components/admin/use-can';
import { Field } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/form-controls';
import { Input, Textarea } from '@/components/ui/input';
import { useTRPC } from '@/lib/trpc';

type Node = TreeNode<CategoryDTO>;

/** The input of the admin category list: every category of the type, disabled ones included, unpaged. */
export const categoryListInput = (type: 0 | 1) => ({ type: [type] });

/**
 * The category tree of documents (type 0) or articles (type 1), moredoc-facts §18.1: create several at once (one
 * title per line), edit, move under another parent, delete (the server refuses categories that hold content).
 */
export function CategoryManager({ type, title }: { type: 0 | 1; title: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const can = useCan();
  const confirm = useConfirm();
  const list = useQuery(trpc.category.list.queryOptions(categoryListInput(type)));
  // Without a `field` projection every field is present; the output schema types them optional for projections.
  const rows = React.useMemo(() => list.data?.category as CategoryDTO[] | undefined, [list.data]);
  const [keyword, setKeyword] = React.useState<string | undefined>();
  const [expanded, setExpanded] = React.useState<ExpandedState>(true);
  const [editing, setEditing] = React.useState<{ category: CategoryDTO | null; parentId: number } | null>(null);

  const tree = React.useMemo(() => {
    if (!rows) return undefined;
    const wd = keyword?.toLowerCase();
    return buildTree(wd ? filterWithAncestors(rows, (r) => r.title.toLowerCase().includes(wd)) : rows);
  }, [rows, keyword]);

  const invalidate = () => queryClient.invalidateQueries(trpc.category.pathFilter());
  const update = useMutation(
    trpc.category.update.mutationOptions({ onSuccess: invalidate, onError: (e) => reportFormError(null, e) }),
  );
  const del = useMutation(
    trpc.category.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.deleted'));
        await invalidate();
      },
      onError: (e) => reportFormError(null, e),
    }),
  );
  const { mutate: updateCategory } = update;
  const { mutateAsync: deleteCategories } = del;

  const askDelete = React.useCallback(
    (c: CategoryDTO) =>
      confirm({
        title: t('admin.category.deleteTitle'),
        description: t('admin.category.deleteConfirm', { name: c.title }),
        destructive: true,
        confirmText: t('delete'),
        onConfirm: () => deleteCategories({ id: [c.id] }),
      }),
    [confirm, deleteCategories, t],
  );

  const columns = React.useMemo<ColumnDef<Node>[]>(
    () => [
      {
        id: 'title',
        header: t('admin.category.name'),
        cell: ({ row }) => (
          <TreeCell row={row}>
            {row.original.icon ? <img src={row.original.icon} alt="" className="size-5 rounded object-cover" /> : null}
            <span className="font-medium">{row.original.title}</span>
          </TreeCell>
        ),
      },
      { id: 'id', accessorKey: 'id', header: 'ID', meta: { className: 'w-16' } },
      { id: 'doc_count', accessorKey: 'doc_count', header: t(`admin.category.count${type}`) },
      { id: 'sort', accessorKey: 'sort', header: t('admin.common.sort') },
      {
        id: 'enable',
        header: t('enabled'),
        cell: ({ row: { original: c } }) => (
          <Switch
            checked={c.enable}
            disabled={!can('CategoryAPI.UpdateCategory')}
            aria-label={t('enabled')}
            // parent_id travels along: the update input defaults a missing parent to the top level.
            onCheckedChange={(enable) => updateCategory({ id: c.id, title: c.title, parent_id: c.parent_id, enable })}
          />
        ),
      },
      {
        id: 'cover',
        header: t('admin.category.cover'),
        cell: ({ row: { original: c } }) =>
          c.cover ? <img src={c.cover} alt="" className="h-8 w-12 rounded object-cover" /> : <span>-</span>,
      },
      {
        id: 'created_at',
        header: t('admin.common.createdAt'),
        cell: ({ row: { original: c } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(c.created_at)}</span>
        ),
      },
      {
        id: 'actions',
        header: t('actions'),
        meta: { className: 'w-px text-right' },
        cell: ({ row: { original: c } }) => (
          <div className="flex justify-end gap-1">
            {can('CategoryAPI.CreateCategory') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t('admin.category.addChild')}
                title={t('admin.category.addChild')}
                onClick={() => setEditing({ category: null, parentId: c.id })}
              >
                <FolderPlusIcon />
              </Button>
            ) : null}
            {can('CategoryAPI.UpdateCategory') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t('edit')}
                title={t('edit')}
                onClick={() => setEditing({ category: c, parentId: c.parent_id })}
              >
                <PencilIcon />
              </Button>
            ) : null}
            {can('CategoryAPI.DeleteCategory') ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-destructive hover:text-destructive"
                aria-label={t('delete')}
                title={t('delete')}
                onClick={() => askDelete(c)}
              >
                <Trash2Icon />
              </Button>
            ) : null}
          </div>
        ),
      },
    ],
    [t, can, type, updateCategory, askDelete],
  );

  return (
    <AdminPage
      title={title}
      actions={
        can('CategoryAPI.CreateCategory') ? (
          <Button onClick={() => setEditing({ category: null, parentId: 0 })}>
            <PlusIcon />
            {t('admin.category.create')}
          </Button>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput value={keyword} onChange={setKeyword} placeholder={t('admin.category.search')} />
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
        getRowId={(c) => String(c.id)}
        getSubRows={(c) => c.children}
        expanded={keyword ? true : expanded}
        onExpandedChange={setExpanded}
        loading={list.isPending}
        fetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={keyword ? t('admin.common.noMatch') : t('admin.category.empty')}
        minWidth={860}
      />
      {editing && rows ? (
        <CategoryFormDrawer
          type={type}
          rows={rows}
          category={editing.category}
          parentId={editing.parentId}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </AdminPage>
  );
}

type Values = z.input<typeof createCategoryInput>;
type Output = z.output<typeof createCategoryInput>;

function CategoryFormDrawer({
  type,
  rows,
  category,
  parentId,
  onClose,
}: {
  type: 0 | 1;
  rows: CategoryDTO[];
  category: CategoryDTO | null;
  parentId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Editing checks one title of at most 64 characters; creating takes several, one per line.
  const resolver = (
    category ? zodResolver(updateCategoryInput.omit({ id: true })) : zodResolver(createCategoryInput)
  ) as Resolver<Values, unknown, Output>;
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: category
      ? {
          title: category.title,
          parent_id: category.parent_id,
          type,
          sort: category.sort,
          enable: category.enable,
          icon: category.icon,
          cover: category.cover,
          description: category.description,
          show_description: category.show_description,
        }
      : {
          title: '',
          parent_id: parentId,
          type,
          sort: 0,
          enable: true,
          icon: '',
          cover: '',
          description: '',
          show_description: false,
        },
  });
  const options = {
    onSuccess: async () => {
      toast.success(category ? t('admin.common.saved') : t('admin.common.created'));
      await queryClient.invalidateQueries(trpc.category.pathFilter());
      onClose();
    },
    onError: (e: unknown) => reportFormError(form, e),
  };
  const create = useMutation(trpc.category.create.mutationOptions(options));
  const update = useMutation(trpc.category.update.mutationOptions(options));

  // A category cannot move below itself or one of its descendants.
  const parents = React.useMemo(() => {
    const excluded = category ? descendantIds(rows, category.id) : new Set<number>();
    return flattenTree(buildTree(rows.filter((r) => !excluded.has(r.id)))).map(({ node, depth }) => ({
      value: String(node.id),
      label: `${'\u3000'.repeat(depth)}${node.title}`,
    }));
  }, [rows, category]);

  const err = (name: keyof Values) => errorOf(form.formState.errors, name);
  return (
    <FormDrawer
      open
      onOpenChange={(v) => !v && onClose()}
      title={category ? t('admin.category.edit') : t('admin.category.create')}
      onSubmit={form.handleSubmit((v) =>
        category ? update.mutate({ ...v, id: category.id }) : create.mutate({ ...v, type }),
      )}
      submitting={create.isPending || update.isPending}
    >
      <Field
        label={t('admin.category.name')}
        htmlFor="cat-title"
        error={err('title')}
        hint={category ? undefined : t('admin.category.titlesHint')}
      >
        {category ? (
          <Input id="cat-title" aria-invalid={!!err('title')} {...form.register('title')} />
        ) : (
          <Textarea
            id="cat-title"
            rows={4}
            placeholder={t('admin.category.titlesPlaceholder')}
            aria-invalid={!!err('title')}
            {...form.register('title')}
          />
        )}
      </Field>
      <Field label={t('admin.category.parent')} htmlFor="cat-parent" error={err('parent_id')}>
        <Controller
          control={form.control}
          name="parent_id"
          render={({ field }) => (
            <SelectInput
              id="cat-parent"
              value={String(field.value ?? 0)}
              onChange={(v) => field.onChange(Number(v))}
              options={[{ value: '0', label: t('admin.category.topLevel') }, ...parents]}
            />
          )}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label={t('admin.common.sort')} htmlFor="cat-sort" error={err('sort')} hint={t('admin.common.sortHint')}>
          <Input id="cat-sort" type="number" step={1} {...form.register('sort')} />
        </Field>
        <Field label={t('enabled')} htmlFor="cat-enable">
          <Controller
            control={form.control}
            name="enable"
            render={({ field }) => (
              <YesNoSwitch id="cat-enable" checked={field.value === true} onChange={field.onChange} />
            )}
          />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin.category.icon')} htmlFor="cat-icon" hint={t('admin.category.iconHint')}>
          <Controller
            control={form.control}
            name="icon"
            render={({ field }) => (
              <ImageUpload
                id="cat-icon"
                kind="category"
                value={field.value}
                onChange={field.onChange}
                previewClassName="size-20"
              />
            )}
          />
        </Field>
        <Field label={t('admin.category.cover')} htmlFor="cat-cover" hint={t('admin.category.coverHint')}>
          <Controller
            control={form.control}
            name="cover"
            render={({ field }) => (
              <ImageUpload
                id="cat-cover"
                kind="category"
                value={field.value}
                onChange={field.onChange}
                previewClassName="h-20 w-32"
              />
            )}
          />
        </Field>
      </div>
      <Field label={t('admin.common.description')} htmlFor="cat-description" error={err('description')}>
        <Textarea id="cat-description" rows={3} {...form.register('description')} />
      </Field>
      <Field label={t('admin.category.showDescription')} htmlFor="cat-show-description">
        <Controller
          control={form.control}
          name="show_description"
          render={({ field }) => (
            <YesNoSwitch id="cat-show-description" checked={field.value === true} onChange={field.onChange} />
          )}
        />
      </Field>
    </FormDrawer>
  );
}
