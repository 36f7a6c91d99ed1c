import { useQuery } from '@tanstack/react-query';
import { RefreshCwIcon } from 'lucide-react';
import * as React from 'react';
import { EmptyState, QueryBlock } from '@/components/admin/query-state';
import { useCan } from '@/components/admin/use-can';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Badge } from '@/components/ui/misc';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useTranslation } from '@/i18n/react';
import { formatDateTime } from '@/lib/dates';
import { useTRPC } from '@/lib/trpc';

/** 依赖环境: the external programs the server uses, installed or not, and a button to check again. */
export function EnvsCard() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const can = useCan();
  const allowed = can('ConfigAPI.GetEnvs');
  // The server keeps its measurement; 重新检测 asks it to measure again.
  const [recheck, setRecheck] = React.useState(false);
  const envs = useQuery({
    ...trpc.system.envs.queryOptions(recheck ? { refresh: true } : undefined),
    enabled: allowed,
    staleTime: 5 * 60_000,
  });
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t('admin.dashboard.envs')}</CardTitle>
        {allowed ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={envs.isFetching}
            onClick={() => (recheck ? void envs.refetch() : setRecheck(true))}
          >
            <RefreshCwIcon className={envs.isFetching ? 'animate-spin' : undefined} />
            {t('admin.dashboard.recheck')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <EmptyState>{t('admin.dashboard.noEnvPermission')}</EmptyState>
        ) : (
          <QueryBlock query={envs}>
            {(d) =>
              d.envs.length === 0 ? (
                <EmptyState />
              ) : (
                <div className="rounded-lg border">
                  <Table className="min-w-[720px]">
                    <TableHeader className="bg-muted/40">
                      <TableRow>
                        <TableHead>{t('admin.dashboard.envName')}</TableHead>
                        <TableHead>{t('admin.dashboard.envRequired')}</TableHead>
                        <TableHead>{t('admin.dashboard.envInstalled')}</TableHead>
                        <TableHead>{t('admin.dashboard.envVersion')}</TableHead>
                        <TableHead>{t('admin.dashboard.envPurpose')}</TableHead>
                        <TableHead>{t('admin.dashboard.envError')}</TableHead>
                        <TableHead>{t('admin.dashboard.envCheckedAt')}</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {d.envs.map((e) => (
                        <TableRow key={e.name}>
                          <TableCell className="font-medium">{e.name}</TableCell>
                          <TableCell>
                            <Badge variant={e.is_required ? 'default' : 'secondary'}>
                              {e.is_required ? t('admin.dashboard.required') : t('admin.dashboard.optional')}
                            </Badge>
                          </TableCell>
                          <TableCell>
                            <Badge variant={e.is_installed ? 'success' : e.is_required ? 'destructive' : 'warning'}>
                              {e.is_installed ? t('admin.dashboard.installed') : t('admin.dashboard.notInstalled')}
                            </Badge>
                          </TableCell>
                          <TableCell className="max-w-48 truncate" title={e.version}>
                            {e.version || '-'}
                          </TableCell>
                          <TableCell className="min-w-40">{e.description}</TableCell>
                          <TableCell className="max-w-56 truncate text-destructive" title={e.error}>
                            {e.error || '-'}
                          </TableCell>
                          <TableCell className="whitespace-nowrap">{formatDateTime(e.checked_at)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              )
            }
          </QueryBlock>
        )}
      </CardContent>
    </Card>
  );
}
