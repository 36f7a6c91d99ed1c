import { type ComponentProps, Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { cn } from '@/lib/utils';
import type { Avatar } from './avatar';

type AvatarProps = ComponentProps<typeof Avatar>;

/** A round of the avatar's size, while its code loads and if it cannot be fetched. */
function AvatarSpace({ size = 80, className }: AvatarProps) {
  return (
    <span
      className={cn('relative flex shrink-0 rounded-full bg-muted', className)}
      style={{ width: size, height: size }}
    />
  );
}

const LoadedAvatar = lazyPart(() => import('./avatar').then((m) => m.Avatar), AvatarSpace);

/**
 * The avatar of a part that shows one only to a signed-in member (the home page's welcome card): its code (and
 * Radix's) loads when a member's card renders, not with every visitor's page (issue 17); meanwhile a round of its
 * size holds its place.
 */
export function LazyAvatar(props: AvatarProps) {
  return (
    <Suspense fallback={<AvatarSpace {...props} />}>
      <LoadedAvatar {...props} />
    </Suspense>
  );
}
