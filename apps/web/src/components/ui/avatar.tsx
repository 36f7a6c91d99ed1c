import { AVATAR_NAV_SIZE } from '@wenku/shared';
import { CrownIcon } from 'lucide-react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { HoverPopover } from '@/components/layout/hover-popover';
import { settingBool, settingText } from '@/components/layout/site-settings';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';

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
    // The tooltip's code loads when a pointer first rests on the mark (issue 17).
    <HoverPopover
      delay={200}
      align="center"
      anchorClassName="absolute -right-0.5 -bottom-0.5 flex"
      className="w-auto border-none bg-foreground px-2 py-1 text-background text-xs"
      trigger={
        // A span, not a button: avatars sit inside links and menu triggers.
        <span
          role="img"
          aria-label={label}
          className="flex items-center justify-center rounded-full bg-amber-400 text-white ring-2 ring-background"
          style={{ width: px, height: px }}
          data-testid="vip-mark"
        >
          {icon ? (
            <img src={icon} alt="" className="size-full rounded-full object-contain" />
          ) : (
            <CrownIcon style={{ width: px * 0.65, height: px * 0.65 }} aria-hidden />
          )}
        </span>
      }
    >
      {label}
    </HoverPopover>
  );
}

/** A member's avatar from their profile: the picture, their name for the initials, the VIP ring. */
export function UserAvatar({
  user,
  size,
  className,
}: {
  user: { avatar?: string | null; username: string; is_vip?: boolean };
  size?: number;
  className?: string;
}) {
  return (
    <Avatar src={user.avatar || undefined} name={user.username} size={size} vip={user.is_vip} className={className} />
  );
}
