import { CoinsIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { openRecharge, useRechargeEnabled } from './recharge-host';
import { SignInButton } from './sign-in-button';

/**
 * The signed-in member's credit actions beside the desktop user menu: daily sign-in and, when recharge is enabled
 * (GET /settings/recharge), 积分充值 opening its dialog. Labels show from the lg breakpoint, icons below it.
 */
export function HeaderCreditActions({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const recharge = useRechargeEnabled();
  if (!user) return null;
  return (
    <div className={cn('flex items-center gap-1', className)} data-testid="header-credit-actions">
      <SignInButton variant="ghost" compact labelClassName="hidden lg:inline" />
      {recharge ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={openRecharge}
          aria-label={t('credits.recharge.menu')}
          data-testid="header-recharge"
        >
          <CoinsIcon className="text-amber-500" />
          <span className="hidden lg:inline">{t('credits.recharge.short')}</span>
        </Button>
      ) : null}
    </div>
  );
}
