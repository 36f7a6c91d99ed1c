import { StarIcon } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';

const STARS = [1, 2, 3, 4, 5] as const;

/** Read-only stars for a rating of 0–5 (fractions fill part of a star). */
export function Stars({ value, className, size = 14 }: { value: number; className?: string; size?: number }) {
  const { t } = useTranslation();
  const v = Math.max(0, Math.min(5, value));
  return (
    <span
      role="img"
      aria-label={t('documents.rating.stars', { value: v.toFixed(1) })}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {STARS.map((n) => {
        const fill = Math.max(0, Math.min(1, v - (n - 1)));
        return (
          <span key={n} className="relative inline-block" style={{ width: size, height: size }}>
            <StarIcon className="absolute inset-0 text-muted-foreground/30" style={{ width: size, height: size }} />
            {fill > 0 ? (
              <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <StarIcon className="fill-amber-400 text-amber-400" style={{ width: size, height: size }} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}

/**
 * The rating control (moredoc-facts §6.9): 1–5 stars with moredoc's texts; a radio group for keyboards and screen
 * readers. `onRate` receives the stars chosen.
 */
export function StarInput({
  onRate,
  disabled,
  className,
}: {
  onRate: (stars: number) => void;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const [hover, setHover] = React.useState(0);
  const name = React.useId();
  return (
    <div className={cn('flex flex-wrap items-center gap-3', className)}>
      <fieldset
        className="flex items-center gap-0.5"
        aria-label={t('documents.rating.rate')}
        disabled={disabled}
        onMouseLeave={() => setHover(0)}
      >
        {STARS.map((n) => (
          <label
            key={n}
            className={cn(
              'cursor-pointer rounded p-0.5 focus-within:ring-2 focus-within:ring-ring/50',
              disabled && 'cursor-default',
            )}
            onMouseEnter={() => setHover(n)}
            title={t(`documents.rating.text${n}`)}
          >
            <input
              type="radio"
              name={name}
              value={n}
              className="sr-only"
              aria-label={t('documents.rating.starN', { count: n })}
              onChange={() => onRate(n)}
              onFocus={() => setHover(n)}
              onBlur={() => setHover(0)}
            />
            <StarIcon
              className={cn(
                'size-6 transition-colors',
                n <= hover ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/40',
              )}
            />
          </label>
        ))}
      </fieldset>
      <span className="text-muted-foreground text-sm" aria-live="polite">
        {hover ? t(`documents.rating.text${hover}`) : t('documents.rating.hint')}
      </span>
    </div>
  );
}
