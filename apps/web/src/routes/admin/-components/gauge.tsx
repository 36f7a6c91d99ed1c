import { cn } from '@/lib/utils';

/** A ring gauge for a percentage (server CPU, memory, disks); the colour warns above 70% and 90%. */
export function Gauge({ percent, label, size = 112 }: { percent: number; label: string; size?: number }) {
  const p = Math.max(0, Math.min(100, Number.isFinite(percent) ? percent : 0));
  const stroke = 10;
  const r = (size - stroke) / 2;
  const c = 2 * Math.PI * r;
  const tone = p >= 90 ? 'text-destructive' : p >= 70 ? 'text-warning' : 'text-success';
  return (
    <div className="relative shrink-0" style={{ width: size, height: size }}>
      <meter className="sr-only" min={0} max={100} value={p} aria-label={label} />
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="-rotate-90" aria-hidden>
        <circle cx={size / 2} cy={size / 2} r={r} fill="none" strokeWidth={stroke} className="stroke-muted" />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - p / 100)}
          className={cn('stroke-current transition-[stroke-dashoffset] duration-500', tone)}
        />
      </svg>
      <span
        aria-hidden
        className="absolute inset-0 flex items-center justify-center font-semibold tabular-nums"
        style={{ fontSize: Math.round(size / 6.5) }}
      >
        {p.toFixed(1)}%
      </span>
    </div>
  );
}
