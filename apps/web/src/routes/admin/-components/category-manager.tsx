import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef, ExpandedState } from '@tanstack/react-table';
import { type CategoryDTO, createCategoryInput, updateCategoryInput } from '@wenku/shared';
import { FolderPlusIcon } from 'lucide-react';
import * as React from 'react';
import {
  CreateButton,
  DeleteAction,
  EditAction,
  ExpandAllButtons,
  RowAction,
  RowActions,
} from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, createdAtColumn, enableColumn, idColumn, sortColumn } from '@/components/admin/columns';
import { DataTable, queryTableState, TreeCell } from '@/components/admin/data-table';
import { useEntityForm } from '@/components/admin/entity-form';
import { listActionCallbacks, useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { FormDrawer } from '@/components/admin/form-dialog';
import { reportFormError } from '@/components/admin/form-errors';
import {
  DescriptionField,
  ImageField,
  NumberSelectField,
  SortField,
  SwitchField,
  TextareaField,
  TextField,
} from '@/components/admin/form-fields';
import { SearchInput } from '@/components/admin/search-input';
import { dragHandleColumn, SortableTree, SortableTreeTableRow } from '@/components/admin/sortable-tree';
import { buildTree, filterWithAncestors, parentOptions, type TreeNode } from '@/components/admin/tree';
import { applySiblingOrder, siblingOrder } from '@/components/admin/tree-sort';
import { useCan } from '@/components/admin/use-can';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { useTranslation } from '@/i18n/react';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

type Node = TreeNode<CategoryDTO>;
const categoryTitle = (c: CategoryDTO) => c.title;

/** The input of the admin category list: every category of the type, disabled ones included, unpaged. */
export const categoryListInput = (type: 0 | 1) => ({ type: [type] });

/**
 * The category tree of documents (type 0) or articles (type 1), moredoc-facts §18.1: create several at once (one
 * title per line), edit, move under another parent, delete (the server refuses categories that hold content), and
 * reorder siblings by dragging their handles (not while a keyword filters the tree: hidden siblings would be lost).
 */
export function CategoryManager({ type, title }: { type: 0 | 1; title: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const can = useCan();
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

  const invalidate = useInvalidate(trpc.category.pathFilter());
  const { mutate: updateCategory } = useMutation(trpc.category.update.mutationOptions(listActionCallbacks(invalidate)));

  const sortable = can('CategoryAPI.UpdateCategory') && !keyword;
  const queryClient = useQueryClient();
  const listKey = trpc.category.list.queryKey(categoryListInput(type));
  const { mutate: saveOrder, isPending: savingOrder } = useMutation(
    trpc.category.sort.mutationOptions({
      // Optimistic: the rows move at once; the server's refusal (the tree changed meanwhile) puts them back.
      onMutate: async ({ parent_id, id }) => {
        // The shared schema types ids `unknown` (it also takes a comma list); this page sends numbers.
        const order = { parentId: parent_id as number, ids: id as number[] };
        await queryClient.cancelQueries({ queryKey: listKey });
        const previous = queryClient.getQueryData(listKey);
        queryClient.setQueryData(listKey, (old) =>
          old ? { ...old, category: applySiblingOrder(old.category as CategoryDTO[], order) } : old,
        );
        return { previous };
      },
      onError: (e, _order, saved) => {
        if (saved?.previous) queryClient.setQueryData(listKey, saved.previous);
        reportFormError(null, e);
      },
      onSuccess: () => toast.success(t('admin.category.sorted')),
      onSettled: () => invalidate(),
    }),
  );
  const moveCategory = React.useCallback(
    (activeId: number, overId: number) => {
      const order = rows ? siblingOrder(rows, activeId, overId) : null;
      if (order) saveOrder({ parent_id: order.parentId, type, id: order.ids });
    },
    [rows, saveOrder, type],
  );
  const isExpanded = React.useCallback(
    (id: number) => expanded === true || !!(expanded as Record<string, boolean>)[String(id)],
    [expanded],
  );
  const askDelete = useConfirmedDelete<CategoryDTO>({
    title: t('admin.category.deleteTitle'),
    description: ([c]) => t('admin.category.deleteConfirm', { name: c?.title }),
    remove: (id) => client.category.delete.mutate({ id }),
    refresh: invalidate,
  });

  const columns = React.useMemo<ColumnDef<Node>[]>(
    () => [
      ...(sortable ? [dragHandleColumn<Node>(t, (c) => t('admin.category.dragHandle', { name: c.title }))] : []),
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
      idColumn(),
      { id: 'doc_count', accessorKey: 'doc_count', header: t(`admin.category.count${type}`) },
      sortColumn(t),
      enableColumn(t, {
        canEdit: can('CategoryAPI.UpdateCategory'),
        // parent_id travels along: the update input defaults a missing parent to the top level.
        onChange: (c, enable) => updateCategory({ id: c.id, title: c.title, parent_id: c.parent_id, enable }),
      }),
      {
        id: 'cover',
        header: t('admin.category.cover'),
        cell: ({ row: { original: c } }) =>
          c.cover ? <img src={c.cover} alt="" className="h-8 w-12 rounded object-cover" /> : <span>-</span>,
      },
      createdAtColumn(t),
      actionsColumn(t, (c) => (
        <RowActions>
          {can('CategoryAPI.CreateCategory') ? (
            <RowAction
              label={t('admin.category.addChild')}
              onClick={() => setEditing({ category: null, parentId: c.id })}
            >
              <FolderPlusIcon />
            </RowAction>
          ) : null}
          {can('CategoryAPI.UpdateCategory') ? (
            <EditAction onClick={() => setEditing({ category: c, parentId: c.parent_id })} />
          ) : null}
          {can('CategoryAPI.DeleteCategory') ? <DeleteAction onClick={() => askDelete([c])} /> : null}
        </RowActions>
      )),
    ],
    [t, can, type, updateCategory, askDelete, sortable],
  );

  return (
    <AdminPage
      title={title}
      actions={
        can('CategoryAPI.CreateCategory') ? (
          <CreateButton onClick={() => setEditing({ category: null, parentId: 0 })}>
            {t('admin.category.create')}
          </CreateButton>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput value={keyword} onChange={setKeyword} placeholder={t('admin.category.search')} />
        <ExpandAllButtons onChange={setExpanded} />
      </FilterBar>
      <SortableTree
        tree={tree}
        isExpanded={isExpanded}
        disabled={!sortable || savingOrder}
        label={categoryTitle}
        onMove={moveCategory}
      >
        <DataTable
          columns={columns}
          data={tree}
          getRowId={(c) => String(c.id)}
          getSubRows={(c) => c.children}
          expanded={keyword ? true : expanded}
          onExpandedChange={setExpanded}
          rowComponent={sortable ? SortableTreeTableRow : undefined}
          {...queryTableState(list)}
          emptyText={keyword ? t('admin.common.noMatch') : t('admin.category.empty')}
          minWidth={sortable ? 900 : 860}
        />
      </SortableTree>
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
  const client = useTRPCClient();
  const { form, shellProps } = useEntityForm({
    // Editing checks one title of at most 64 characters; creating takes several, one per line.
    schema: (category ? updateCategoryInput.omit({ id: true }) : createCategoryInput) as typeof createCategoryInput,
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
    save: (v) =>
      category
        ? client.category.update.mutate({ ...v, id: category.id })
        : client.category.create.mutate({ ...v, type }),
    successText: category ? t('admin.common.saved') : t('admin.common.created'),
    invalidate: [trpc.category.pathFilter()],
    onClose,
  });
  const parents = React.useMemo(
    () => parentOptions(rows, t('admin.category.topLevel'), category?.id),
    [rows, category, t],
  );

  return (
    <FormDrawer {...shellProps} title={category ? t('admin.category.edit') : t('admin.category.create')}>
      {category ? (
        <TextField form={form} name="title" label={t('admin.category.name')} />
      ) : (
        <TextareaField
          form={form}
          name="title"
          label={t('admin.category.name')}
          hint={t('admin.category.titlesHint')}
          rows={4}
          placeholder={t('admin.category.titlesPlaceholder')}
        />
      )}
      <NumberSelectField form={form} name="parent_id" label={t('admin.category.parent')} options={parents} />
      <div className="grid grid-cols-2 gap-4">
        <SortField form={form} />
        <SwitchField form={form} name="enable" label={t('enabled')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ImageField
          form={form}
          name="icon"
          label={t('admin.category.icon')}
          hint={t('admin.category.iconHint')}
          kind="category"
          previewClassName="size-20"
        />
        <ImageField
          form={form}
          name="cover"
          label={t('admin.category.cover')}
          hint={t('admin.category.coverHint')}
          kind="category"
          previewClassName="h-20 w-32"
        />
      </div>
      <DescriptionField form={form} rows={3} />
      <SwitchField form={form} name="show_description" label={t('admin.category.showDescription')} />
    </FormDrawer>
  );
}
