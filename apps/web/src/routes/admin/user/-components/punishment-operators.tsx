import { HistoryIcon } from 'lucide-react';
import { type OperatorEntry, operatorLog, punishmentTypeKey } from '@/components/moderation/moderation';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/menu';
import { useTranslation } from '@/i18n/areas/moderation';
import { formatDateTime } from '@/lib/dates';

/**
 * The operator log of a punishment (moredoc-facts §13: `{u, t, ts}` appended on create, update and cancel with
 * `t: 0`) behind a small button: who set which type, or cancelled, and when, newest first.
 */
export function PunishmentOperators({
  operators,
  names,
}: {
  operators: readonly OperatorEntry[];
  /** Operator usernames by id (looked up once for the page). */
  names: Map<number, string>;
}) {
  const { t } = useTranslation();
  if (operators.length === 0) return <span className="text-muted-foreground text-xs">-</span>;
  const log = operatorLog(operators);
  const latest = log[0] as OperatorEntry;
  const nameOf = (id: number) => names.get(id) ?? `#${id}`;
  return (
    <Popover>
      <PopoverTrigger
        className="inline-flex items-center gap-1 whitespace-nowrap rounded-md text-xs outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={t('moderation.punishments.showOperators')}
        title={t('moderation.punishments.showOperators')}
      >
        <HistoryIcon className="size-3.5 text-muted-foreground" />
        <span className="max-w-24 truncate">{nameOf(latest.u)}</span>
        {log.length > 1 ? <span className="text-muted-foreground">+{log.length - 1}</span> : null}
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80 max-w-[calc(100vw-2rem)] p-3 text-sm">
        <p className="mb-2 font-medium">{t('moderation.punishments.operators')}</p>
        <ol className="grid max-h-64 gap-2 overflow-y-auto">
          {log.map((o, i) => (
            <li key={i} className="grid grid-cols-[1fr_auto] gap-x-3 text-xs">
              <span className="min-w-0 truncate font-medium">{nameOf(o.u)}</span>
              <time className="text-muted-foreground tabular-nums" dateTime={new Date(o.ts * 1000).toISOString()}>
                {formatDateTime(new Date(o.ts * 1000).toISOString())}
              </time>
              <span className={o.t === 0 ? 'text-muted-foreground' : 'text-destructive'}>
                {o.t === 0
                  ? t('moderation.punishments.operatorCancel')
                  : t('moderation.punishments.operatorSet', { type: t(punishmentTypeKey(o.t)) })}
              </span>
            </li>
          ))}
        </ol>
      </PopoverContent>
    </Popover>
  );
}
