import { useQuery } from '@tanstack/react-query';
import * as React from 'react';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';

/** Whether points recharge is offered (GET /settings/recharge → enable), for a signed-in member. */
export function useRechargeEnabled(): boolean {
  const trpc = useTRPC();
  const { user } = useSession();
  const settings = useQuery({ ...trpc.system.rechargeSettings.queryOptions(), enabled: !!user });
  return !!user && !!settings.data?.enable;
}

// One recharge dialog for the whole site, opened from the header, the user menu, the drawer or an order page. It
// lives in the site layout, so a header that swaps its desktop and phone parts (a resize, a rotation) keeps it open.
let rechargeOpen = false;
const rechargeListeners = new Set<() => void>();
function setRechargeOpen(open: boolean) {
  rechargeOpen = open;
  for (const listener of rechargeListeners) listener();
}
function subscribeRecharge(listener: () => void) {
  rechargeListeners.add(listener);
  return () => rechargeListeners.delete(listener);
}

/** Opens the site's recharge dialog 积分充值. */
export const openRecharge = () => setRechargeOpen(true);

// The dialog itself (and the payment code behind it) loads when first opened, never with a public page (issue 17).
const RechargeDialog = React.lazy(() => import('./recharge-dialog').then((m) => ({ default: m.RechargeDialog })));

/** The site's one recharge dialog; mounted once by the site layout, shown by `openRecharge`. */
export function RechargeDialogHost() {
  const open = React.useSyncExternalStore(
    subscribeRecharge,
    () => rechargeOpen,
    () => false,
  );
  const enabled = useRechargeEnabled();
  // Once opened it stays mounted, so closing it animates.
  const [wanted, setWanted] = React.useState(false);
  if (open && !wanted) setWanted(true);
  if (!enabled || !(open || wanted)) return null;
  return (
    <React.Suspense fallback={null}>
      <RechargeDialog open={open} onOpenChange={setRechargeOpen} />
    </React.Suspense>
  );
}
