import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LinkIcon, RefreshCwIcon, UnlinkIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { OauthButtons, useOauthProviders } from '@/components/oauth/oauth-buttons';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/misc';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useTranslation } from '@/i18n/areas/member';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { toastCallbacks } from '@/lib/mutation-toasts';
import { useTRPC } from '@/lib/trpc';

/** Where the provider buttons of this tab return to. */
export const OAUTH_TAB_PATH = '/me/profile?tab=oauth';

/**
 * 第三方绑定 (moredoc-pro-facts §7.5): the member's bound identities (登录类型, 头像 48px, 用户名, 昵称, 绑定时间, 解绑 with
 * its confirmation), then the provider icons in bind mode with the bound types greyed. Cards on phones.
 */
export function UserOauth() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { all } = useOauthProviders();
  const list = useQuery(trpc.user.oauthList.queryOptions());
  const [pending, setPending] = useState<number | null>(null);
  const unbind = useMutation(
    trpc.user.oauthDelete.mutationOptions(
      toastCallbacks({
        success: t('oauth.manage.unbindSuccess'),
        refresh: () => void queryClient.invalidateQueries({ queryKey: trpc.user.oauthList.queryKey() }),
        failed: t('oauth.manage.unbindFailed'),
      }),
    ),
  );
  const rows = list.data?.oauth ?? [];
  const typeName = (type: number) => all.find((c) => c.type === type)?.name ?? String(type);
  const unbindButton = (id: number) => (
    <Button
      variant="outline"
      size="sm"
      className="text-destructive hover:text-destructive"
      onClick={() => setPending(id)}
      data-testid={`oauth-unbind-${id}`}
    >
      <UnlinkIcon />
      {t('oauth.manage.unbind')}
    </Button>
  );

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <div className="grid gap-2" aria-busy>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  } else if (list.isError) {
    body = (
      <div
        className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/30 bg-destructive/5 p-4 text-sm"
        role="alert"
      >
        <span>{errorMessage(list.error, t('oauth.manage.loadFailed'))}</span>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          <RefreshCwIcon />
          {t('oauth.manage.retry')}
        </Button>
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div
        className="flex flex-col items-center gap-2 rounded-md border border-dashed py-8 text-muted-foreground text-sm"
        data-testid="oauth-empty"
      >
        <LinkIcon className="size-6" aria-hidden />
        {t('oauth.manage.empty')}
      </div>
    );
  } else {
    body = (
      <>
        <div className="hidden md:block">
          <Table data-testid="oauth-table">
            <TableHeader>
              <TableRow>
                <TableHead>{t('oauth.manage.type')}</TableHead>
                <TableHead>{t('oauth.manage.avatar')}</TableHead>
                <TableHead>{t('oauth.manage.username')}</TableHead>
                <TableHead>{t('oauth.manage.nickname')}</TableHead>
                <TableHead>{t('oauth.manage.boundAt')}</TableHead>
                <TableHead className="text-right">{t('oauth.manage.actions')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-testid="oauth-row">
                  <TableCell className="font-medium">{typeName(r.oauth_type)}</TableCell>
                  <TableCell>
                    <Avatar src={r.avatar || undefined} name={r.nickname || r.username || '?'} size={48} />
                  </TableCell>
                  <TableCell>{r.username || '-'}</TableCell>
                  <TableCell>{r.nickname || '-'}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(r.updated_at)}</TableCell>
                  <TableCell className="text-right">{unbindButton(r.id)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <ul className="grid gap-3 md:hidden">
          {rows.map((r) => (
            <li key={r.id} className="flex items-center gap-3 rounded-lg border p-3" data-testid="oauth-card-row">
              <Avatar src={r.avatar || undefined} name={r.nickname || r.username || '?'} size={48} />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">{typeName(r.oauth_type)}</p>
                <p className="truncate text-muted-foreground">
                  {r.nickname || '-'} · {r.username || '-'}
                </p>
                <p className="text-muted-foreground text-xs">{formatDateTime(r.updated_at)}</p>
              </div>
              {unbindButton(r.id)}
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="grid gap-6">
      {body}
      <OauthButtons
        mode="bind"
        redirectTo={OAUTH_TAB_PATH}
        boundTypes={rows.map((r) => r.oauth_type)}
        className="border-t pt-5"
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('oauth.manage.unbind')}
        description={t('oauth.manage.unbindConfirm')}
        destructive
        onConfirm={() => (pending === null ? undefined : unbind.mutateAsync({ id: pending }))}
      />
    </div>
  );
}
