import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupDTO } from '@wenku/shared';
import { LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { reportFormError } from '@/components/admin/form-errors';
import { Loading, QueryError } from '@/components/admin/query-state';
import { SearchInput } from '@/components/admin/search-input';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/dialog';
import { Checkbox } from '@/components/ui/form-controls';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { permissionAreaLabel, permissionTitle } from '@/lib/permission-text';
import { useTRPC } from '@/lib/trpc';
import { groupByArea } from './permission-areas';

/** Every permission row (the catalogue is a few hundred at most; the procedure caps pages at 1000). */
export const ALL_PERMISSIONS = { page: 1, size: 1000 };

/** The role's permission editor: permissions grouped by area, each area with a select-all box. */
export function PermissionPicker({ group, onClose }: { group: GroupDTO; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleOf = (p: { method: string; path: string; title: string }) => permissionTitle(p, i18n.language);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const perms = useQuery(trpc.permission.list.queryOptions(ALL_PERMISSIONS));
  const granted = useQuery({ ...trpc.group.getPermission.queryOptions({ id: group.id }), staleTime: 0 });
  const [selected, setSelected] = React.useState<Set<number> | null>(null);
  const [filter, setFilter] = React.useState<string | undefined>();

  React.useEffect(() => {
    if (granted.data && selected === null) setSelected(new Set(granted.data.permission_id));
  }, [granted.data, selected]);

  const save = useMutation(
    trpc.group.updatePermission.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.group.permissionSaved'));
        // The admin may have changed their own role: their permissions and allowed pages reload on the next page.
        await Promise.all([
          queryClient.invalidateQueries(trpc.group.getPermission.pathFilter()),
          queryClient.invalidateQueries(trpc.user.permissions.pathFilter()),
        ]);
        onClose();
      },
      onError: (e) => reportFormError(null, e),
    }),
  );

  const areas = React.useMemo(() => {
    const all = perms.data?.permission ?? [];
    const wd = filter?.toLowerCase();
    // The shown title matches too, so English readers can filter by the English titles.
    const shown = wd
      ? all.filter((p) => `${p.title} ${permissionTitle(p, i18n.language)} ${p.path}`.toLowerCase().includes(wd))
      : all;
    return groupByArea(shown);
  }, [perms.data, filter, i18n.language]);

  const set = selected ?? new Set<number>();
  const toggle = (ids: number[], on: boolean) =>
    setSelected(() => {
      const next = new Set(set);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const allIds = (perms.data?.permission ?? []).map((p) => p.id);
  const error = perms.error ?? granted.error;
  const ready = perms.data && granted.data && selected;

  return (
    <Sheet open onOpenChange={(v) => !v && !save.isPending && onClose()}>
      <SheetContent className="w-full gap-3 sm:max-w-3xl" aria-describedby={undefined}>
        <div className="grid gap-1 pr-6">
          <SheetTitle>{t('admin.group.permissionTitle', { name: group.title })}</SheetTitle>
          <p className="text-muted-foreground text-sm">{t('admin.group.permissionHint')}</p>
        </div>
        {error ? (
          <QueryError
            error={error}
            onRetry={() => {
              void perms.refetch();
              void granted.refetch();
            }}
          />
        ) : !ready ? (
          <Loading />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <SearchInput value={filter} onChange={setFilter} placeholder={t('admin.group.filterPermissions')} />
              <Button variant="outline" size="sm" onClick={() => toggle(allIds, true)}>
                {t('admin.group.selectAll')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => toggle(allIds, false)}>
                {t('admin.group.selectNone')}
              </Button>
              <span className="ml-auto text-muted-foreground text-sm">
                {t('admin.group.selectedCount', { count: set.size, total: allIds.length })}
              </span>
            </div>
            <div className="grid gap-3 overflow-y-auto">
              {areas.map(({ area, items }) => {
                const ids = items.map((p) => p.id);
                const on = ids.filter((id) => set.has(id)).length;
                const state = on === 0 ? false : on === ids.length ? true : 'indeterminate';
                const areaId = `perm-area-${area}`;
                const areaLabel = permissionAreaLabel(area, i18n.language);
                return (
                  <section key={area} className="rounded-lg border" aria-labelledby={areaId}>
                    <div className="flex items-center gap-2 border-b bg-muted/40 px-3 py-2">
                      <Checkbox
                        id={`${areaId}-all`}
                        checked={state}
                        onCheckedChange={(v) => toggle(ids, v === true)}
                        aria-label={t('admin.group.selectArea', { area: areaLabel })}
                      />
                      <label id={areaId} htmlFor={`${areaId}-all`} className="cursor-pointer font-medium text-sm">
                        {areaLabel}
                      </label>
                      <span className="text-muted-foreground text-xs">{area}</span>
                      <Badge variant="secondary" className="ml-auto">
                        {on}/{ids.length}
                      </Badge>
                    </div>
                    <div className="grid gap-x-4 gap-y-2 p-3 sm:grid-cols-2">
                      {items.map((p) => (
                        <label
                          key={p.id}
                          htmlFor={`perm-${p.id}`}
                          className="flex cursor-pointer items-start gap-2 text-sm"
                        >
                          <Checkbox
                            id={`perm-${p.id}`}
                            className="mt-0.5"
                            checked={set.has(p.id)}
                            onCheckedChange={(v) => toggle([p.id], v === true)}
                          />
                          <span className="min-w-0">
                            <span className="block">{titleOf(p) || p.path}</span>
                            <span className="block truncate text-muted-foreground text-xs" title={p.path}>
                              {p.method === 'GRPC' ? p.path : `${p.method} ${p.path}`}
                            </span>
                          </span>
                        </label>
                      ))}
                    </div>
                  </section>
                );
              })}
            </div>
            <div className="mt-auto flex justify-end gap-2 border-t pt-3">
              <Button variant="outline" disabled={save.isPending} onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button
                disabled={save.isPending}
                onClick={() => save.mutate({ group_id: group.id, permission_id: [...set] })}
              >
                {save.isPending ? <LoaderCircleIcon className="animate-spin" /> : null}
                {t('save')}
              </Button>
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
