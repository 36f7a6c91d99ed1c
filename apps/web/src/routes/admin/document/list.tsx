import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { type DocumentDTO, DocumentStatus } from '@wenku/shared';
import {
  BanIcon,
  CheckIcon,
  CrownIcon,
  ExternalLinkIcon,
  FolderTreeIcon,
  LanguagesIcon,
  RefreshCwIcon,
  ThumbsDownIcon,
  ThumbsUpIcon,
  Undo2Icon,
  XIcon,
} from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  BulkButton,
  BulkDeleteButton,
  BulkMenu,
  DeleteAction,
  EditAction,
  RowAction,
  RowActions,
} from '@/components/admin/actions';
import { AdminPage, FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, idColumn } from '@/components/admin/columns';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { SelectInput } from '@/components/admin/inputs';
import { useListActions } from '@/components/admin/list-actions';
import {
  listRouteOptions,
  listSearchSchema,
  optionalNumber,
  toListInput,
  useListSearch,
} from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { CategoryCascader } from '@/components/documents/category-cascader';
import { flattenCategoryTree, pathTitle } from '@/components/documents/category-path';
import { DocumentEditDialog } from '@/components/documents/document-edit-dialog';
import { isKindFilter, KIND_FILTERS } from '@/components/documents/file-kind';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { formatBytes, formatDateTime } from '@/components/documents/format';
import { LanguageSelect, useLanguageName } from '@/components/documents/language-select';
import { documentHref } from '@/components/documents/reading';
import { ReviewHints } from '@/components/documents/review-hints';
import { ALL_STATUSES } from '@/components/documents/status';
import { DocumentStatusBadge } from '@/components/documents/status-badge';
import { useDocumentCategoryTree, useDocumentSettings } from '@/components/documents/use-document-data';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/menu';
import { Badge } from '@/components/ui/misc';
import { errorMessage } from '@/lib/api-error';
import { optionalText, z } from '@/lib/search-schema';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { SetVipDrawer, VipCell } from './-components/set-vip-drawer';

const searchSchema = z.extend(listSearchSchema, {
  status: optionalNumber,
  category_id: optionalNumber,
  ext: z.catch(z.optional(z.string().check(z.refine((v) => isKindFilter(v)))), undefined),
  /** Uploader name (resolved to user ids through the user list). */
  uploader: optionalText(64),
});
type Search = z.output<typeof searchSchema>;

const toInput = (s: Search, userIds?: number[]) =>
  toListInput(s, {
    status: s.status === undefined ? undefined : [s.status],
    category_id: s.category_id === undefined ? undefined : [s.category_id],
    ext: s.ext,
    user_id: userIds,
  });

export const Route = createFileRoute('/admin/document/list')({
  ...listRouteOptions(searchSchema),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    deps.uploader ? undefined : queryClient.prefetchQuery(trpc.document.list.queryOptions(toInput(deps))),
  component: DocumentListPage,
});

/** The review commands of moredoc's admin list (moredoc-facts §6.3) and the status each sets. */
const CHECKS = [
  { key: 'approve', status: DocumentStatus.Pending, icon: CheckIcon },
  { key: 'reject', status: DocumentStatus.ReviewRejected, icon: XIcon },
  { key: 'toReview', status: DocumentStatus.PendingReview, icon: Undo2Icon },
  { key: 'enable', status: DocumentStatus.Converted, icon: CheckIcon },
  { key: 'disable', status: DocumentStatus.Disabled, icon: BanIcon },
] as const;

/** 文档列表 (spec §2 /admin/document/list): filter, review, recommend, file, convert again and delete documents. */
function DocumentListPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const can = useCan();
  const confirm = useConfirm();
  const languageName = useLanguageName();
  const { creditName, vipEnabled } = useDocumentSettings();
  const { tree } = useDocumentCategoryTree({ hideEmpty: false });
  const { search, setSearch, tableProps } = useListSearch(Route);

  // The uploader filter names people; the list takes user ids.
  const users = useQuery({
    ...trpc.user.list.queryOptions({ wd: search.uploader, page: 1, size: 100 }),
    enabled: !!search.uploader,
  });
  const userIds = search.uploader ? users.data?.user.map((u) => u.id) : undefined;
  const noUploader = !!search.uploader && userIds?.length === 0;
  const list = useQuery({
    ...trpc.document.list.queryOptions(toInput(search, userIds)),
    enabled: (!search.uploader || userIds !== undefined) && !noUploader,
    placeholderData: keepPreviousData,
  });
  const empty = { total: 0, document: [] as DocumentDTO[] };
  const data = noUploader ? empty : list.data;
  const state = noUploader
    ? { ...list, data: empty, isPending: false, isFetching: false, error: null }
    : { ...list, isPending: list.isPending || users.isPending, error: list.error ?? users.error };

  const [editing, setEditing] = React.useState<DocumentDTO | null>(null);
  const [filing, setFiling] = React.useState<{ rows: DocumentDTO[]; done: () => void } | null>(null);
  const [translating, setTranslating] = React.useState<{ rows: DocumentDTO[]; done: () => void } | null>(null);
  const [vipRows, setVipRows] = React.useState<{ rows: DocumentDTO[]; done: () => void } | null>(null);

  const refresh = React.useCallback(
    () => queryClient.invalidateQueries(trpc.document.pathFilter()),
    [queryClient, trpc],
  );
  const { run, confirmRun } = useListActions(trpc.document.pathFilter());

  const check = React.useCallback(
    (rows: DocumentDTO[], status: number, label: string, done?: () => void) =>
      confirmRun({
        title: label,
        description: t('documents.admin.confirmBulk', { action: label, count: rows.length }),
        destructive: status === DocumentStatus.ReviewRejected || status === DocumentStatus.Disabled,
        action: () => client.document.check.mutate({ id: rows.map((r) => r.id), status }),
        success: t('documents.admin.done', { action: label }),
        done,
      }),
    [confirmRun, client, t],
  );
  const recommend = React.useCallback(
    (rows: DocumentDTO[], type: 0 | 1, done?: () => void) =>
      run({
        action: () => client.document.recommend.mutate({ id: rows.map((r) => r.id), type }),
        success: type ? t('documents.actions.recommended') : t('documents.actions.unrecommended'),
      }).then(
        () => done?.(),
        () => {},
      ),
    [run, client, t],
  );
  const reconvert = React.useCallback(
    (rows: DocumentDTO[] | null, done?: () => void) =>
      confirm({
        title: rows ? t('documents.admin.reconvert') : t('documents.admin.reconvertFailed'),
        description: rows
          ? t('documents.admin.reconvertConfirm', { count: rows.length })
          : t('documents.admin.reconvertFailedConfirm'),
        onConfirm: async () => {
          const res = await client.document.reconvert
            .mutate(rows ? { id: rows.map((r) => r.id) } : undefined)
            .catch((e: unknown) => {
              toast.error(errorMessage(e));
              throw e;
            });
          toast.success(t('documents.admin.reconverted', { count: res.count }));
          await refresh();
          done?.();
        },
      }),
    [confirm, client, refresh, t],
  );
  const remove = React.useCallback(
    (rows: DocumentDTO[], done?: () => void) =>
      confirmRun({
        title: t('documents.actions.deleteTitle'),
        description:
          rows.length === 1
            ? t('documents.actions.deleteConfirm', { title: rows[0]?.title ?? '' })
            : t('documents.admin.deleteConfirm', { count: rows.length }),
        destructive: true,
        confirmText: t('delete'),
        action: () => client.document.delete.mutate({ id: rows.map((r) => r.id) }),
        success: t('documents.actions.deleted'),
        done,
      }),
    [confirmRun, client, t],
  );

  const columns = React.useMemo<ColumnDef<DocumentDTO>[]>(
    () => [
      idColumn({ sortable: true }),
      {
        id: 'title',
        header: t('documents.fields.title'),
        meta: { className: 'min-w-64' },
        cell: ({ row: { original: d } }) => {
          const deepest = d.category_id.reduce((best, id) => {
            const title = pathTitle(tree, id);
            return title.length > best.length ? title : best;
          }, '');
          return (
            <div className="grid max-w-80 gap-0.5">
              <span className="flex items-start gap-1.5">
                <FileKindIcon ext={d.ext} className="mt-0.5 size-4" />
                <a
                  href={documentHref(d)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="line-clamp-2 font-medium hover:text-primary hover:underline"
                  title={d.title}
                >
                  {d.title}
                </a>
                {d.recommend_at ? (
                  <Badge variant="warning" className="shrink-0">
                    {t('documents.recommended')}
                  </Badge>
                ) : null}
              </span>
              <span className="truncate pl-5.5 text-muted-foreground text-xs" title={deepest}>
                {deepest || t('documents.admin.noCategory')}
                {d.language ? ` · ${languageName(d.language)}` : ''}
              </span>
            </div>
          );
        },
      },
      {
        id: 'username',
        header: t('documents.admin.uploader'),
        cell: ({ row: { original: d } }) => (
          <span className="whitespace-nowrap text-xs">{d.username || `#${d.user_id}`}</span>
        ),
      },
      {
        id: 'status',
        header: t('documents.fields.status'),
        cell: ({ row: { original: d } }) => <DocumentStatusBadge status={d.status} />,
      },
      {
        id: 'convert_error',
        header: t('documents.admin.convertError'),
        cell: ({ row: { original: d } }) => {
          const hints = <ReviewHints doc={d} />;
          return d.status === DocumentStatus.Failed && d.convert_error ? (
            <span className="grid max-w-56 gap-1">
              <span className="line-clamp-3 text-destructive text-xs" title={d.convert_error}>
                {d.convert_error}
              </span>
              {hints}
            </span>
          ) : d.duplicate_of || d.ocr_status === 1 || d.ocr_status === 3 ? (
            <span className="block max-w-56">{hints}</span>
          ) : (
            <span className="text-muted-foreground text-xs">-</span>
          );
        },
      },
      {
        id: 'pages',
        accessorKey: 'pages',
        header: t('documents.admin.pages'),
        enableSorting: true,
        cell: ({ row: { original: d } }) => <span className="tabular-nums">{d.pages}</span>,
      },
      {
        id: 'price',
        accessorKey: 'price',
        header: t('documents.admin.price', { name: creditName }),
        enableSorting: true,
        cell: ({ row: { original: d } }) => <span className="tabular-nums">{d.price}</span>,
      },
      // moredoc-pro-facts §5.4: the VIP文档 column exists while VIP is on.
      ...(vipEnabled
        ? [
            {
              id: 'is_vip',
              header: t('documents.admin.vipColumn'),
              cell: ({ row: { original: d } }) => <VipCell value={d.is_vip} />,
            } satisfies ColumnDef<DocumentDTO>,
          ]
        : []),
      {
        id: 'size',
        accessorKey: 'size',
        header: t('documents.admin.size'),
        enableSorting: true,
        cell: ({ row: { original: d } }) => <span className="whitespace-nowrap text-xs">{formatBytes(d.size)}</span>,
      },
      {
        id: 'view_count',
        accessorKey: 'view_count',
        header: t('documents.admin.counts'),
        enableSorting: true,
        cell: ({ row: { original: d } }) => (
          <span className="whitespace-nowrap text-xs tabular-nums">
            {d.view_count} / {d.download_count}
          </span>
        ),
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('documents.admin.createdAt'),
        enableSorting: true,
        cell: ({ row: { original: d } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(d.created_at)}</span>
        ),
      },
      actionsColumn(t, (d) => (
        <RowActions>
          <RowAction
            label={t('documents.admin.view')}
            onClick={() => window.open(documentHref(d), '_blank', 'noopener')}
          >
            <ExternalLinkIcon />
          </RowAction>
          {d.status === DocumentStatus.PendingReview && can('DocumentAPI.CheckDocument') ? (
            <RowAction
              label={t('documents.admin.checks.approve')}
              onClick={() => check([d], DocumentStatus.Pending, t('documents.admin.checks.approve'))}
            >
              <CheckIcon />
            </RowAction>
          ) : null}
          {d.status === DocumentStatus.Failed && can('DocumentAPI.SetDocumentReconvert') ? (
            <RowAction label={t('documents.admin.reconvert')} onClick={() => reconvert([d])}>
              <RefreshCwIcon />
            </RowAction>
          ) : null}
          {can('DocumentAPI.UpdateDocument') ? <EditAction onClick={() => setEditing(d)} /> : null}
          {/* A document being converted cannot be deleted (moredoc-facts §6.8). */}
          {can('DocumentAPI.DeleteDocument') && d.status !== DocumentStatus.Converting ? (
            <DeleteAction onClick={() => remove([d])} />
          ) : null}
        </RowActions>
      )),
    ],
    [t, tree, languageName, creditName, vipEnabled, can, check, reconvert, remove],
  );

  const canCheck = can('DocumentAPI.CheckDocument');
  const canRecommend = can('DocumentAPI.SetDocumentRecommend');
  const canFile = can('DocumentAPI.SetDocumentsCategory');
  const canTranslate = can('DocumentAPI.SetDocumentsLanguage');
  const canReconvert = can('DocumentAPI.SetDocumentReconvert');
  const canDelete = can('DocumentAPI.DeleteDocument');
  const canSetVip = vipEnabled && can('DocumentAPI.SetDocumentsVIP');
  const anyBulk = canCheck || canRecommend || canFile || canTranslate || canReconvert || canDelete || canSetVip;

  const setVip = (rows: DocumentDTO[], isVip: boolean, done: () => void) =>
    confirmRun({
      title: isVip ? t('documents.admin.setVip') : t('documents.admin.unsetVip'),
      description: isVip ? t('documents.admin.confirmSetVip') : t('documents.admin.confirmUnsetVip'),
      action: () => client.document.setVip.mutate({ document_id: rows.map((r) => r.id), is_vip: isVip }),
      success: t('documents.admin.vipSaved'),
      done: () => {
        done();
        setVipRows(null);
      },
    });

  const categoryOptions = React.useMemo(
    () =>
      flattenCategoryTree(tree).map(({ node, depth }) => ({
        value: String(node.id),
        label: `${'\u3000'.repeat(depth)}${node.title}`,
      })),
    [tree],
  );

  return (
    <AdminPage
      title={t('admin.menu.document_list')}
      description={t('documents.admin.listDescription')}
      actions={
        canReconvert ? (
          <Button variant="outline" onClick={() => reconvert(null)}>
            <RefreshCwIcon />
            {t('documents.admin.reconvertFailed')}
          </Button>
        ) : null
      }
    >
      <FilterBar>
        <SearchInput
          value={search.wd}
          onChange={(wd) => setSearch({ wd })}
          placeholder={t('documents.admin.searchTitle')}
        />
        <SearchInput
          value={search.uploader}
          onChange={(uploader) => setSearch({ uploader })}
          placeholder={t('documents.admin.searchUploader')}
          className="sm:w-44"
        />
        <SelectInput
          aria-label={t('documents.fields.status')}
          className="w-full sm:w-32"
          value={search.status === undefined ? '' : String(search.status)}
          onChange={(v) => setSearch({ status: v === '' ? undefined : Number(v) })}
          emptyLabel={t('documents.mine.allStatus')}
          options={ALL_STATUSES.map((s) => ({ value: String(s), label: t(`documents.status.${s}`) }))}
        />
        <SelectInput
          aria-label={t('documents.fields.category')}
          className="w-full sm:w-44"
          value={search.category_id === undefined ? '' : String(search.category_id)}
          onChange={(v) => setSearch({ category_id: v === '' ? undefined : Number(v) })}
          emptyLabel={t('documents.admin.allCategories')}
          options={categoryOptions}
        />
        <SelectInput
          aria-label={t('documents.listing.kind')}
          className="w-full sm:w-32"
          value={search.ext ?? ''}
          onChange={(v) => setSearch({ ext: v === '' ? undefined : v })}
          emptyLabel={t('documents.admin.allKinds')}
          options={KIND_FILTERS.map((k) => ({ value: k, label: t(`documents.kinds.${k}`) }))}
        />
      </FilterBar>
      <DataTable
        columns={columns}
        data={data?.document}
        getRowId={(d) => String(d.id)}
        {...tableProps(state)}
        total={data?.total}
        selectable={anyBulk}
        bulkActions={(rows, clear) => (
          <>
            {canCheck ? (
              <BulkMenu label={t('documents.admin.review')}>
                {CHECKS.map((c, i) => (
                  <React.Fragment key={c.key}>
                    {i === 3 ? <DropdownMenuSeparator /> : null}
                    <DropdownMenuItem
                      onSelect={() => check(rows, c.status, t(`documents.admin.checks.${c.key}`), clear)}
                    >
                      <c.icon />
                      {t(`documents.admin.checks.${c.key}`)}
                    </DropdownMenuItem>
                  </React.Fragment>
                ))}
              </BulkMenu>
            ) : null}
            {canRecommend ? (
              <>
                <BulkButton icon={<ThumbsUpIcon />} onClick={() => void recommend(rows, 1, clear)}>
                  {t('documents.actions.recommend')}
                </BulkButton>
                <BulkButton icon={<ThumbsDownIcon />} onClick={() => void recommend(rows, 0, clear)}>
                  {t('documents.actions.unrecommend')}
                </BulkButton>
              </>
            ) : null}
            {canFile ? (
              <BulkButton icon={<FolderTreeIcon />} onClick={() => setFiling({ rows, done: clear })}>
                {t('documents.admin.setCategory')}
              </BulkButton>
            ) : null}
            {canTranslate ? (
              <BulkButton icon={<LanguagesIcon />} onClick={() => setTranslating({ rows, done: clear })}>
                {t('documents.admin.setLanguage')}
              </BulkButton>
            ) : null}
            {canSetVip ? (
              <Button
                size="sm"
                variant="outline"
                title={t('documents.admin.bulkVipTip')}
                onClick={() => setVipRows({ rows, done: clear })}
              >
                <CrownIcon />
                {t('documents.admin.bulkVip')}
              </Button>
            ) : null}
            {canReconvert ? (
              <BulkButton icon={<RefreshCwIcon />} onClick={() => reconvert(rows, clear)}>
                {t('documents.admin.reconvert')}
              </BulkButton>
            ) : null}
            {canDelete ? (
              <BulkDeleteButton
                disabled={rows.some((r) => r.status === DocumentStatus.Converting)}
                onClick={() => remove(rows, clear)}
              />
            ) : null}
          </>
        )}
        emptyText={t('documents.admin.empty')}
        minWidth={1100}
      />
      {editing ? (
        <DocumentEditDialog document={editing} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
      ) : null}
      {filing ? (
        <SetCategoryDialog
          rows={filing.rows}
          onClose={() => setFiling(null)}
          onSave={async (path) => {
            await run({
              action: () =>
                client.document.setCategory.mutate({ document_id: filing.rows.map((r) => r.id), category_id: path }),
              success: t('documents.admin.categorySet'),
            });
            filing.done();
            setFiling(null);
          }}
        />
      ) : null}
      {vipRows ? (
        <SetVipDrawer
          rows={vipRows.rows}
          onClose={() => setVipRows(null)}
          onSave={(isVip) => setVip(vipRows.rows, isVip, vipRows.done)}
        />
      ) : null}
      {translating ? (
        <SetLanguageDialog
          rows={translating.rows}
          onClose={() => setTranslating(null)}
          onSave={async (language) => {
            await run({
              action: () =>
                client.document.setLanguage.mutate({ document_id: translating.rows.map((r) => r.id), language }),
              success: t('documents.admin.languageSet'),
            });
            translating.done();
            setTranslating(null);
          }}
        />
      ) : null}
    </AdminPage>
  );
}

function BulkDialog({
  title,
  description,
  onClose,
  onSave,
  canSave,
  children,
}: {
  title: string;
  description: string;
  onClose: () => void;
  onSave: () => Promise<void>;
  canSave: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = React.useState(false);
  return (
    <Dialog open onOpenChange={(v) => !v && !pending && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button
            disabled={pending || !canSave}
            onClick={async () => {
              setPending(true);
              try {
                await onSave();
              } catch {
                // Reported by the mutation.
              } finally {
                setPending(false);
              }
            }}
          >
            {t('save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SetCategoryDialog({
  rows,
  onClose,
  onSave,
}: {
  rows: DocumentDTO[];
  onClose: () => void;
  onSave: (path: number[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { tree } = useDocumentCategoryTree({ hideEmpty: false });
  const [path, setPath] = React.useState<number[]>([]);
  return (
    <BulkDialog
      title={t('documents.admin.setCategory')}
      description={t('documents.admin.setCategoryHint', { count: rows.length })}
      onClose={onClose}
      onSave={() => onSave(path)}
      canSave={path.length > 0}
    >
      <CategoryCascader tree={tree} value={path} onChange={setPath} className="sm:grid-cols-2 lg:grid-cols-2" />
    </BulkDialog>
  );
}

function SetLanguageDialog({
  rows,
  onClose,
  onSave,
}: {
  rows: DocumentDTO[];
  onClose: () => void;
  onSave: (language: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = React.useState('');
  return (
    <BulkDialog
      title={t('documents.admin.setLanguage')}
      description={t('documents.admin.setLanguageHint', { count: rows.length })}
      onClose={onClose}
      onSave={() => onSave(language)}
      canSave
    >
      <LanguageSelect value={language} onChange={setLanguage} aria-label={t('documents.fields.language')} />
    </BulkDialog>
  );
}
