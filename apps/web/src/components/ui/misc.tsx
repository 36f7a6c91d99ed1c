import { AVATAR_NAV_SIZE } from '@wenku/shared';
import { cva, type VariantProps } from 'class-variance-authority';
import { CrownIcon } from 'lucide-react';
import { Avatar as AvatarPrimitive, Separator as SeparatorPrimitive, Tooltip } from 'radix-ui';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { settingBool, settingText } from '@/components/layout/site-settings';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { cn } from '@/lib/utils';

const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        destructive: 'border-transparent bg-destructive text-white',
        outline: 'text-foreground',
        success: 'border-transparent bg-success/15 text-success',
        warning: 'border-transparent bg-warning/20 text-warning',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="skeleton" className={cn('animate-pulse rounded-md bg-accent', className)} {...props} />;
}

export function Separator({
  className,
  orientation = 'horizontal',
  ...props
}: React.ComponentProps<typeof SeparatorPrimitive.Root>) {
  return (
    <SeparatorPrimitive.Root
      data-slot="separator"
      decorative
      orientation={orientation}
      className={cn(
        'shrink-0 bg-border data-[orientation=horizontal]:h-px data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-px',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A user's avatar with initials as fallback; `size` in pixels (spec §9: 80 default, 42 in the header). `vip`: the
 * user holds VIP, marked bottom-right while the VIP feature is on (moredoc-pro-facts §5.4).
 */
export function Avatar({
  src,
  name,
  size = 80,
  className,
  vip = false,
}: {
  src?: string;
  name: string;
  size?: number;
  className?: string;
  vip?: boolean;
}) {
  return (
    // Not overflow-hidden: the VIP mark sits over the edge; the image and the fallback are round themselves.
    <AvatarPrimitive.Root
      className={cn('relative flex shrink-0 rounded-full bg-muted', className)}
      style={{ width: size, height: size }}
    >
      {src ? (
        <AvatarPrimitive.Image className="aspect-square size-full rounded-full object-cover" src={src} alt={name} />
      ) : null}
      <AvatarPrimitive.Fallback
        className="flex size-full items-center justify-center rounded-full bg-primary/15 font-medium text-primary"
        style={{ fontSize: size * 0.4 }}
      >
        {name.slice(0, 1).toUpperCase()}
      </AvatarPrimitive.Fallback>
      {vip ? <VipMark avatarSize={size} /> : null}
    </AvatarPrimitive.Root>
  );
}

/** The VIP mark: `vip.icon` or a crown, 20px (16px on avatars of 42px or less), tooltip VIP会员. */
function VipMark({ avatarSize }: { avatarSize: number }) {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  if (!settingBool(settings, 'vip', 'enable')) return null;
  const icon = settingText(settings, 'vip', 'icon');
  const px = avatarSize <= AVATAR_NAV_SIZE ? 16 : 20;
  const label = t('credits.avatar.vip');
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          {/* A span, not a button: avatars sit inside links and menu triggers. */}
          <span
            role="img"
            aria-label={label}
            className="absolute -right-0.5 -bottom-0.5 flex items-center justify-center rounded-full bg-amber-400 text-white ring-2 ring-background"
            style={{ width: px, height: px }}
            data-testid="vip-mark"
          >
            {icon ? (
              <img src={icon} alt="" className="size-full rounded-full object-contain" />
            ) : (
              <CrownIcon style={{ width: px * 0.65, height: px * 0.65 }} aria-hidden />
            )}
          </span>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={4}
            className="z-50 rounded-md bg-foreground px-2 py-1 text-background text-xs shadow-md"
          >
            {label}
            <Tooltip.Arrow className="fill-foreground" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
