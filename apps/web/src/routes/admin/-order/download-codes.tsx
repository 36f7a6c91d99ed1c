import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { createDownloadCodesInput, type downloadCodeOutput } from '@wenku/shared';
import { CheckIcon, CopyIcon, TicketPlusIcon } from 'lucide-react';
import * as React from 'react';
import type { z } from 'zod';
import { BulkDeleteButton, DeleteAction, RowActionGap, RowActions } from '@/components/admin/actions';
import { FilterBar } from '@/components/admin/admin-page';
import { actionsColumn, createdAtColumn, idColumn } from '@/components/admin/columns';
import { DataTable } from '@/components/admin/data-table';
import { useEntityForm } from '@/components/admin/entity-form';
import { useConfirmedDelete, useInvalidate } from '@/components/admin/entity-mutations';
import { FormDialog } from '@/components/admin/form-dialog';
import { TextareaField, TextField } from '@/components/admin/form-fields';
import { SelectInput } from '@/components/admin/inputs';
import { useListSearch } from '@/components/admin/list-search';
import { SearchInput } from '@/components/admin/search-input';
import { useCan } from '@/components/admin/use-can';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { copyText } from '@/lib/clipboard';
import { formatDateTime } from '@/lib/dates';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { toDownloadCodeListInput } from './list-filters';

type DownloadCode = z.infer<typeof downloadCodeOutput>;

const route = getRouteApi('/admin/order');

const isUnused = (c: DownloadCode) => c.used_by === 0;

/**
 * 订单管理's 下载码 tab: codes that pay for one document each (payment method 9). Generate them in batches, hand
 * them out, see who used which for what order; unused codes can be deleted.
 */
export function DownloadCodeList() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const can = useCan();
  const { search, setSearch, tableProps } = useListSearch(route);
  const list = useQuery({
    ...trpc.downcode.list.queryOptions(toDownloadCodeListInput(search)),
    placeholderData: keepPreviousData,
  });
  const [generating, setGenerating] = React.useState(false);
  const refresh = useInvalidate(trpc.downcode.pathFilter());
  const canCreate = can('OrderAPI.CreateDownloadCode');
  const canDelete = can('OrderAPI.DeleteDownloadCode');

  const askDelete = useConfirmedDelete<DownloadCode>({
    title: t('admin.downcode.deleteTitle'),
    description: (rows) =>
      rows.length === 1
        ? t('admin.downcode.deleteOne', { code: rows[0]?.code ?? '' })
        : t('admin.downcode.deleteMany', { count: rows.length }),
    remove: (id) => client.downcode.delete.mutate({ id }),
    refresh,
  });

  const columns = React.useMemo<ColumnDef<DownloadCode>[]>(
    () => [
      idColumn(),
      {
        id: 'code',
        header: t('admin.downcode.code'),
        cell: ({ row: { original: c } }) => <CodeCell code={c.code} />,
      },
      {
        id: 'remark',
        header: t('admin.downcode.remark'),
        meta: { className: 'min-w-32' },
        cell: ({ row: { original: c } }) =>
          c.remark ? (
            <span className="line-clamp-2 max-w-56 text-xs" title={c.remark}>
              {c.remark}
            </span>
          ) : (
            <span className="text-muted-foreground text-xs">-</span>
          ),
      },
      {
        id: 'used',
        header: t('admin.downcode.state'),
        cell: ({ row: { original: c } }) => (
          <Badge variant={isUnused(c) ? 'success' : 'secondary'}>
            {isUnused(c) ? t('admin.downcode.unused') : t('admin.downcode.used')}
          </Badge>
        ),
      },
      {
        id: 'used_by',
        header: t('admin.downcode.usedBy'),
        cell: ({ row: { original: c } }) =>
          c.used_by ? (
            <a
              href={`/user/${c.used_by}`}
              target="_blank"
              rel="noopener noreferrer"
              className="whitespace-nowrap hover:text-primary hover:underline"
            >
              {c.used_username || `#${c.used_by}`}
            </a>
          ) : (
            <span className="text-muted-foreground">-</span>
          ),
      },
      {
        id: 'used_at',
        header: t('admin.downcode.usedAt'),
        cell: ({ row: { original: c } }) => (
          <span className="whitespace-nowrap text-xs">{formatDateTime(c.used_at) || '-'}</span>
        ),
      },
      {
        id: 'order_no',
        header: t('admin.downcode.orderNo'),
        cell: ({ row: { original: c } }) =>
          c.order_no ? (
            <span className="whitespace-nowrap font-mono text-xs">{c.order_no}</span>
          ) : (
            <span className="text-muted-foreground">-</span>
          ),
      },
      createdAtColumn(t),
      ...(canDelete
        ? [
            actionsColumn<DownloadCode>(t, (c) => (
              <RowActions>
                {isUnused(c) ? <DeleteAction onClick={() => askDelete([c])} /> : <RowActionGap />}
              </RowActions>
            )),
          ]
        : []),
    ],
    [t, canDelete, askDelete],
  );

  return (
    <div className="grid gap-4">
      <FilterBar>
        <SearchInput value={search.wd} onChange={(wd) => setSearch({ wd })} placeholder={t('admin.downcode.search')} />
        <SelectInput
          aria-label={t('admin.downcode.state')}
          className="w-full sm:w-32"
          value={search.used === undefined ? '' : String(search.used)}
          onChange={(v) => setSearch({ used: v === '' ? undefined : v === 'true' })}
          emptyLabel={t('admin.common.allStatus')}
          options={[
            { value: 'false', label: t('admin.downcode.unused') },
            { value: 'true', label: t('admin.downcode.used') },
          ]}
        />
        {canCreate ? (
          <Button className="sm:ml-auto" onClick={() => setGenerating(true)}>
            <TicketPlusIcon />
            {t('admin.downcode.generate')}
          </Button>
        ) : null}
      </FilterBar>
      <DataTable
        columns={columns}
        data={list.data?.download_code}
        getRowId={(c) => String(c.id)}
        {...tableProps(list)}
        selectable={canDelete ? isUnused : false}
        bulkActions={(rows, clear) => <BulkDeleteButton onClick={() => askDelete(rows, clear)} />}
        emptyText={t('admin.downcode.empty')}
        minWidth={980}
      />
      {generating ? <GenerateCodesDialog onClose={() => setGenerating(false)} /> : null}
    </div>
  );
}

/** A code in monospace with a copy button beside it. */
function CodeCell({ code }: { code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = React.useState(false);
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <code className="font-mono text-xs">{code}</code>
      <Button
        variant="ghost"
        size="icon"
        className="size-6 text-muted-foreground"
        aria-label={t('admin.downcode.copyOne', { code })}
        title={t('admin.downcode.copy')}
        onClick={() =>
          copyText(code).then(
            () => {
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            },
            () => toast.error(t('admin.layout.copyFailed')),
          )
        }
      >
        {copied ? <CheckIcon className="text-success" /> : <CopyIcon />}
      </Button>
    </span>
  );
}

/**
 * 生成下载码: how many (1–1000) and a remark; afterwards the new codes are shown in one text box, one per line, to
 * copy and hand out (they stay listed in the table too).
 */
function GenerateCodesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [codes, setCodes] = React.useState<string[] | null>(null);
  const { form, shellProps } = useEntityForm({
    schema: createDownloadCodesInput,
    defaultValues: { count: 10, remark: '' },
    save: async (v) => setCodes((await client.downcode.create.mutate(v)).code),
    successText: t('admin.downcode.generated'),
    invalidate: [trpc.downcode.pathFilter()],
    onClose,
    // Stay open on the result.
    onSaved: () => undefined,
  });

  if (codes) {
    const text = codes.join('\n');
    return (
      <FormDialog
        open
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={t('admin.downcode.resultTitle')}
        description={t('admin.downcode.resultHint', { count: codes.length })}
      >
        <Textarea
          readOnly
          value={text}
          rows={Math.min(12, Math.max(4, codes.length))}
          aria-label={t('admin.downcode.resultTitle')}
          className="font-mono text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('close')}
          </Button>
          <Button
            onClick={() =>
              copyText(text).then(
                () => toast.success(t('admin.downcode.copied', { count: codes.length })),
                () => toast.error(t('admin.layout.copyFailed')),
              )
            }
          >
            <CopyIcon />
            {t('admin.downcode.copyAll')}
          </Button>
        </DialogFooter>
      </FormDialog>
    );
  }
  return (
    <FormDialog {...shellProps} title={t('admin.downcode.generate')} submitText={t('admin.downcode.generateSubmit')}>
      <TextField
        form={form}
        name="count"
        label={t('admin.downcode.count')}
        hint={t('admin.downcode.countHint')}
        type="number"
        inputMode="numeric"
        step={1}
        autoFocus
      />
      <TextareaField
        form={form}
        name="remark"
        label={t('admin.downcode.remark')}
        placeholder={t('admin.downcode.remarkPlaceholder')}
        rows={2}
      />
    </FormDialog>
  );
}
