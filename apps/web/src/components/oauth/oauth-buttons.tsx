import { useQuery } from '@tanstack/react-query';
import type { OauthConfigDTO } from '@wenku/shared';
import { Tooltip } from 'radix-ui';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/misc';
import { LabelTooltip } from '@/components/ui/tooltip';
import { useTranslation } from '@/i18n/areas/member';
import { session } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { isWechatBrowser, visibleProviders } from './oauth-rules';

/** The providers this browser may use (moredoc-pro-facts §7.2), from GET /oauth/configs. */
export function useOauthProviders() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.oauth.configs.queryOptions(), staleTime: 60_000 });
  const inWechat = React.useMemo(() => isWechatBrowser(), []);
  const providers = React.useMemo(() => visibleProviders(query.data?.oauths ?? [], inWechat), [query.data, inWechat]);
  return { query, providers, all: query.data?.oauths ?? [] };
}

/**
 * The third-party login icons (moredoc-pro-facts §7.2): 40px round links to each provider's `login_url` (a full-page
 * navigation: the server keeps state and PKCE and redirects to the provider), tooltip = name. `login` mode sits
 * under the login and register forms and says nothing when no provider is on; `bind` mode (profile) shows the names
 * and greys the types already bound. `redirectTo` is remembered as the page to return to after the provider.
 */
export function OauthButtons({
  mode,
  redirectTo,
  boundTypes = [],
  className,
}: {
  mode: 'login' | 'bind';
  redirectTo: string;
  boundTypes?: readonly number[];
  className?: string;
}) {
  const { t } = useTranslation();
  const { query, providers } = useOauthProviders();
  if (mode === 'login' && (query.isError || query.isPending || providers.length === 0)) return null;
  if (mode === 'bind' && query.isPending) return <Skeleton className="h-16 w-full" />;
  if (mode === 'bind' && query.isError) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm" role="alert">
        {t('oauth.loadFailed')}
        <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void query.refetch()}>
          {t('oauth.manage.retry')}
        </Button>
      </div>
    );
  }
  if (providers.length === 0) return null;
  return (
    <div className={cn('grid gap-3', className)} data-testid={`oauth-buttons-${mode}`}>
      <div className="flex items-center gap-3 text-muted-foreground text-xs">
        {mode === 'login' ? <span className="h-px flex-1 bg-border" /> : null}
        <span>{mode === 'login' ? t('oauth.quick') : t('oauth.bindMore')}</span>
        {mode === 'login' ? <span className="h-px flex-1 bg-border" /> : null}
      </div>
      <Tooltip.Provider delayDuration={150}>
        <ul className={cn('flex flex-wrap gap-4', mode === 'login' ? 'justify-center' : 'justify-start')}>
          {providers.map((p) => (
            <li key={`${p.type}-${p.key}`}>
              <ProviderButton
                provider={p}
                bound={boundTypes.includes(p.type)}
                showName={mode === 'bind'}
                redirectTo={redirectTo}
              />
            </li>
          ))}
        </ul>
      </Tooltip.Provider>
    </div>
  );
}

function ProviderButton({
  provider,
  bound,
  showName,
  redirectTo,
}: {
  provider: OauthConfigDTO;
  bound: boolean;
  showName: boolean;
  redirectTo: string;
}) {
  const { t } = useTranslation();
  const icon = (
    <span className="flex size-10 items-center justify-center overflow-hidden rounded-full border bg-background shadow-xs">
      {provider.icon ? (
        <img src={provider.icon} alt="" className="size-full object-cover" />
      ) : (
        <span className="font-semibold text-primary">{provider.name.slice(0, 1)}</span>
      )}
    </span>
  );
  const body = (
    <>
      {icon}
      {showName ? <span className="max-w-20 truncate text-xs">{provider.name}</span> : null}
    </>
  );
  const label = bound ? `${provider.name}（${t('oauth.bound')}）` : provider.name;
  const trigger = bound ? (
    // Not clickable: a button that does nothing, so keyboard and pointer users still get the tooltip.
    <button
      type="button"
      className="flex cursor-not-allowed flex-col items-center gap-1 opacity-40 grayscale"
      aria-disabled="true"
      aria-label={label}
      data-testid={`oauth-${provider.key}`}
    >
      {body}
    </button>
  ) : (
    <a
      href={provider.login_url}
      className="flex flex-col items-center gap-1 rounded-full transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={provider.name}
      data-testid={`oauth-${provider.key}`}
      onClick={() => session.setRedirectAfterOauth(redirectTo)}
    >
      {body}
    </a>
  );
  return <LabelTooltip label={label}>{trigger}</LabelTooltip>;
}
