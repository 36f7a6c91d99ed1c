import { useQuery } from '@tanstack/react-query';
import { CpuIcon, HardDriveIcon, LoaderCircleIcon, MemoryStickIcon } from 'lucide-react';
import type * as React from 'react';
import { formatBytes } from '@/components/admin/format';
import { EmptyState, QueryBlock } from '@/components/admin/query-state';
import { useCan } from '@/components/admin/use-can';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTranslation } from '@/i18n/react';
import { errorMessage } from '@/lib/api-error';
import { useTRPC } from '@/lib/trpc';
import { Gauge } from './gauge';

/** moredoc-pro-facts §10: the server gauges refresh every 5 s. */
const DEVICE_REFRESH_MS = 5000;

/** 服务器状态: CPU, memory and disk gauges, refreshed every few seconds. */
export function DeviceCard() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const can = useCan();
  const allowed = can('ConfigAPI.GetDeviceInfo');
  const device = useQuery({
    ...trpc.system.device.queryOptions(),
    enabled: allowed,
    refetchInterval: DEVICE_REFRESH_MS,
    // Gauges must not freeze on an old figure when a refresh fails; the last good one stays with the error below.
    staleTime: 0,
  });
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t('admin.dashboard.device')}</CardTitle>
        {device.isFetching ? <LoaderCircleIcon className="size-4 animate-spin text-muted-foreground" /> : null}
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <EmptyState>{t('admin.dashboard.noDevicePermission')}</EmptyState>
        ) : (
          <QueryBlock query={device}>
            {(d) => (
              <div className="grid gap-4 sm:grid-cols-2">
                <GaugeTile
                  icon={<CpuIcon className="size-4" />}
                  title={t('admin.dashboard.cpu')}
                  percent={d.cpu.percent}
                  lines={[
                    t('admin.dashboard.cores', { count: d.cpu.cores }),
                    d.cpu.mhz ? `${d.cpu.mhz} MHz` : '',
                    d.cpu.model_name,
                  ]}
                />
                <GaugeTile
                  icon={<MemoryStickIcon className="size-4" />}
                  title={t('admin.dashboard.memory')}
                  percent={d.memory.percent}
                  lines={[
                    t('admin.dashboard.total', { value: formatBytes(d.memory.total) }),
                    t('admin.dashboard.used', { value: formatBytes(d.memory.used) }),
                    t('admin.dashboard.free', { value: formatBytes(d.memory.free) }),
                  ]}
                />
                {d.disk.map((disk) => (
                  <GaugeTile
                    key={disk.disk_name}
                    icon={<HardDriveIcon className="size-4" />}
                    title={t('admin.dashboard.disk', { name: disk.disk_name })}
                    percent={disk.percent}
                    lines={[
                      t('admin.dashboard.total', { value: formatBytes(disk.total) }),
                      t('admin.dashboard.used', { value: formatBytes(disk.used) }),
                      t('admin.dashboard.free', { value: formatBytes(disk.free) }),
                    ]}
                  />
                ))}
              </div>
            )}
          </QueryBlock>
        )}
        {allowed && device.data && device.error ? (
          <p className="mt-3 text-destructive text-xs" role="alert">
            {errorMessage(device.error)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function GaugeTile({
  icon,
  title,
  percent,
  lines,
}: {
  icon: React.ReactNode;
  title: string;
  percent: number;
  lines: string[];
}) {
  return (
    <div className="flex items-center gap-4 rounded-lg border p-3">
      <Gauge percent={percent} label={title} size={96} />
      <div className="grid min-w-0 gap-0.5 text-sm">
        <div className="flex items-center gap-1.5 font-medium">
          {icon}
          <span className="truncate" title={title}>
            {title}
          </span>
        </div>
        {lines.filter(Boolean).map((l) => (
          <div key={l} className="truncate text-muted-foreground text-xs" title={l}>
            {l}
          </div>
        ))}
      </div>
    </div>
  );
}
