import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ChartColumnIcon,
  ChartLineIcon,
  DownloadIcon,
  FileTextIcon,
  LoaderCircleIcon,
  MessageSquareIcon,
  NewspaperIcon,
  ReceiptIcon,
  UsersIcon,
} from 'lucide-react';
import * as React from 'react';
import { QueryError } from '@/components/admin/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/misc';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useTranslation } from '@/i18n/react';
import { formatDay } from '@/lib/dates';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import {
  type DateRange,
  DEFAULT_QUICK_RANGE,
  QUICK_RANGES,
  type QuickRange,
  quickRangeDates,
  rangeProblem,
  SERIES_COLORS,
  seriesSums,
  spansYears,
  TREND_SERIES,
  type TrendSeries,
  trendRows,
} from './stats-trend';
import type { ChartKind } from './trend-chart';

// The chart library loads on its own: the figures above it show without waiting for it.
const TrendChart = React.lazy(() => import('./trend-chart'));

type RangeChoice = QuickRange | 'custom';

const SERIES_ICONS: Record<TrendSeries, typeof UsersIcon> = {
  users: UsersIcon,
  documents: FileTextIcon,
  downloads: DownloadIcon,
  articles: NewspaperIcon,
  comments: MessageSquareIcon,
  orders: ReceiptIcon,
};

/**
 * The dashboard's figures over time: totals with today's numbers, and daily registrations, uploads, downloads,
 * articles and comments over a quick range (最近7天 … 最近一年) or chosen dates, as lines or bars.
 */
export function StatsTrendCard() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [choice, setChoice] = React.useState<RangeChoice>(DEFAULT_QUICK_RANGE);
  const [custom, setCustom] = React.useState<DateRange>(() => quickRangeDates(DEFAULT_QUICK_RANGE));
  const [kind, setKind] = React.useState<ChartKind>('line');
  const [hidden, setHidden] = React.useState<ReadonlySet<TrendSeries>>(() => new Set());
  const narrow = !useMediaQuery('(min-width: 640px)');
  const problem = choice === 'custom' ? rangeProblem(custom) : null;
  const range = choice === 'custom' ? custom : quickRangeDates(choice);
  const trend = useQuery({
    ...trpc.system.statsTrend.queryOptions(range),
    enabled: problem === null,
    // Switching ranges keeps the last chart until the new one arrives instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
  const rows = React.useMemo(() => (trend.data ? trendRows(trend.data) : []), [trend.data]);
  const sums = seriesSums(rows);
  const labels = Object.fromEntries(TREND_SERIES.map((k) => [k, t(`home.dashboard.series.${k}`)])) as Record<
    TrendSeries,
    string
  >;
  const shown = TREND_SERIES.filter((k) => !hidden.has(k));
  const toggle = (key: TrendSeries) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const today = formatDay(new Date());

  return (
    <Card data-testid="stats-trend">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t('home.dashboard.title')}</CardTitle>
        {trend.isFetching ? <LoaderCircleIcon className="size-4 animate-spin text-muted-foreground" /> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <Totals totals={trend.data?.totals} />

        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="flex flex-wrap gap-1 rounded-lg border bg-muted/40 p-1">
            <legend className="sr-only">{t('home.dashboard.range.label')}</legend>
            {[...QUICK_RANGES, 'custom' as const].map((r) => (
              <button
                key={r}
                type="button"
                aria-pressed={choice === r}
                onClick={() => {
                  if (r === 'custom' && choice !== 'custom') setCustom(range);
                  setChoice(r);
                }}
                className={cn(
                  'rounded-md px-2.5 py-1 text-sm transition-colors',
                  choice === r ? 'bg-background font-medium shadow-xs' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {t(`home.dashboard.range.${r}`)}
              </button>
            ))}
          </fieldset>
          {choice === 'custom' ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Input
                type="date"
                className="h-8 w-40"
                value={custom.start}
                max={custom.end || today}
                aria-label={t('home.dashboard.range.start')}
                onChange={(e) => setCustom((c) => ({ ...c, start: e.target.value }))}
              />
              <span className="text-muted-foreground">{t('home.dashboard.range.to')}</span>
              <Input
                type="date"
                className="h-8 w-40"
                value={custom.end}
                min={custom.start || undefined}
                max={today}
                aria-label={t('home.dashboard.range.end')}
                onChange={(e) => setCustom((c) => ({ ...c, end: e.target.value }))}
              />
            </div>
          ) : null}
          <fieldset className="ml-auto flex gap-1 rounded-lg border bg-muted/40 p-1">
            <legend className="sr-only">{t('home.dashboard.chartKind')}</legend>
            {(['line', 'bar'] as const).map((k) => {
              const Icon = k === 'line' ? ChartLineIcon : ChartColumnIcon;
              return (
                <button
                  key={k}
                  type="button"
                  aria-pressed={kind === k}
                  title={t(`home.dashboard.${k}`)}
                  onClick={() => setKind(k)}
                  className={cn(
                    'inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm transition-colors',
                    kind === k ? 'bg-background font-medium shadow-xs' : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  <Icon className="size-4" aria-hidden />
                  <span className="sr-only sm:not-sr-only">{t(`home.dashboard.${k}`)}</span>
                </button>
              );
            })}
          </fieldset>
        </div>
        {problem ? (
          <p role="alert" className="text-destructive text-sm">
            {t(`home.dashboard.problem.${problem}`)}
          </p>
        ) : null}

        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t('home.dashboard.seriesLabel')}</legend>
          {TREND_SERIES.map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={!hidden.has(key)}
              onClick={() => toggle(key)}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs transition-opacity',
                hidden.has(key) && 'opacity-45',
              )}
            >
              <span aria-hidden className="size-2.5 rounded-full" style={{ background: SERIES_COLORS[key] }} />
              {labels[key]}
              {trend.data ? <span className="font-semibold tabular-nums">{sums[key].toLocaleString()}</span> : null}
            </button>
          ))}
        </fieldset>

        <div
          style={{ minHeight: narrow ? 240 : 300 }}
          // A chart kept from the last valid range is dimmed while the chosen dates cannot be shown.
          className={cn('min-w-0 transition-opacity', (problem || trend.isPlaceholderData) && 'opacity-50')}
          data-testid="stats-trend-chart"
        >
          {trend.error && !trend.data ? (
            <QueryError error={trend.error} onRetry={() => void trend.refetch()} />
          ) : !trend.data ? (
            problem ? null : (
              <Skeleton className="h-[240px] sm:h-[300px]" />
            )
          ) : (
            <React.Suspense fallback={<Skeleton className="h-[240px] sm:h-[300px]" />}>
              <TrendChart
                rows={rows}
                series={shown}
                labels={labels}
                kind={kind}
                multiYear={spansYears({ start: rows[0]?.day ?? '', end: rows.at(-1)?.day ?? '' })}
                height={narrow ? 240 : 300}
              />
            </React.Suspense>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function Totals({ totals }: { totals: Record<string, { total: number; today: number }> | undefined }) {
  const { t } = useTranslation();
  if (!totals) {
    return (
      <div className="grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-5">
        {TREND_SERIES.map((k) => (
          <Skeleton key={k} className="h-[4.5rem]" />
        ))}
      </div>
    );
  }
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-5" data-testid="stats-trend-totals">
      {TREND_SERIES.map((key) => {
        const Icon = SERIES_ICONS[key];
        const figure = totals[key] ?? { total: 0, today: 0 };
        return (
          <div key={key} className="flex min-w-0 items-center gap-3 rounded-lg border bg-muted/30 p-2.5 sm:p-3">
            <span
              className="hidden size-10 shrink-0 items-center justify-center rounded-md sm:flex"
              style={{ background: `${SERIES_COLORS[key]}1f`, color: SERIES_COLORS[key] }}
            >
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <dt className="truncate text-muted-foreground text-xs">{t(`home.dashboard.total.${key}`)}</dt>
              <dd className="font-semibold text-lg tabular-nums leading-7 sm:text-xl">
                {figure.total.toLocaleString()}
              </dd>
              <dd className={cn('text-xs tabular-nums', figure.today > 0 ? 'text-success' : 'text-muted-foreground')}>
                {t('home.dashboard.today', { count: figure.today })}
              </dd>
            </div>
          </div>
        );
      })}
    </dl>
  );
}
