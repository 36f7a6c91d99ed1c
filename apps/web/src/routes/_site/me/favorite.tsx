import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { favoriteListOutput } from '@wenku/shared';
import { NewspaperIcon, StarIcon, StarOffIcon } from 'lucide-react';
import * as React from 'react';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { formatBytes } from '@/components/documents/format';
import { stars } from '@/components/documents/listing';
import { Stars } from '@/components/documents/star-rating';
import { itemHref } from '@/components/interactions/item-href';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/form-controls';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/interaction';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { optionalInt, z } from '@/lib/search-schema';
import { useTRPC } from '@/lib/trpc';
import { ME_PAGE_SIZE, MeListBody, MeListCard, MeListEmpty, MePager } from './-components/me-list';

type Favorite = z.infer<typeof favoriteListOutput>['favorite'][number];

const searchSchema = z.object({
  page: optionalInt(1),
  /** 0 documents (default), 1 articles. */
  type: optionalInt(0, 1),
});

/** 我的收藏 (spec §2 /me/favorite, moredoc-facts §11): the member's favourite documents and articles. */
export const Route = createFileRoute('/_site/me/favorite')({
  validateSearch: searchSchema,
  component: MyFavorites,
});

function MyFavorites() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const type = search.type === 1 ? 1 : 0;
  const page = search.page ?? 1;
  usePageTitle(t('interaction.favorites.title'));
  const list = useQuery({
    ...trpc.favorite.list.queryOptions({ page, size: ME_PAGE_SIZE, type }),
    placeholderData: keepPreviousData,
  });
  const [removing, setRemoving] = React.useState<Favorite | null>(null);
  const remove = useMutation(
    trpc.favorite.delete.mutationOptions({
      onSuccess: async (_, { id }) => {
        toast.success(t('interaction.favorites.removed'));
        // The item's own favourite button shows it removed (`id`: the ids sent, typed `unknown` by the shared schema).
        for (const f of list.data?.favorite ?? []) {
          if (Array.isArray(id) && id.includes(f.id))
            queryClient.setQueryData(trpc.favorite.get.queryKey({ document_id: f.document_id, type: f.type }), {});
        }
        void queryClient.invalidateQueries(trpc.user.get.pathFilter());
        await queryClient.invalidateQueries(trpc.favorite.list.pathFilter());
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );

  // The last row of a page removed: step back a page instead of showing an empty one.
  const data = list.data;
  React.useEffect(() => {
    if (data && data.favorite.length === 0 && data.total > 0 && page > 1)
      void navigate({
        search: (s) => ({ ...s, page: Math.max(1, Math.ceil(data.total / ME_PAGE_SIZE)) }),
        replace: true,
      });
  }, [data, page, navigate]);

  const body = (
    <MeListBody
      query={list}
      // Another tab's rows kept while this tab loads are not shown.
      rows={
        !list.data || (list.isPlaceholderData && list.data.favorite[0]?.type !== type) ? undefined : list.data.favorite
      }
      skeleton={{ count: 4, className: 'h-14' }}
      empty={
        <MeListEmpty icon={<StarIcon className="size-10 opacity-60" />} testId="favorites-empty">
          <p>{type === 1 ? t('interaction.favorites.emptyArticles') : t('interaction.favorites.emptyDocuments')}</p>
          {type === 1 ? (
            <a href="/article" className="text-primary hover:underline">
              {t('interaction.favorites.browseArticles')}
            </a>
          ) : (
            <Link to="/category" className="text-primary hover:underline">
              {t('interaction.favorites.browseDocuments')}
            </Link>
          )}
        </MeListEmpty>
      }
    >
      {(rows) => (
        <ul className={list.isPlaceholderData ? 'divide-y opacity-60' : 'divide-y'} data-testid="my-favorites">
          {rows.map((f) => (
            <FavoriteRow key={f.id} favorite={f} onRemove={() => setRemoving(f)} />
          ))}
        </ul>
      )}
    </MeListBody>
  );

  return (
    <MeListCard
      title={t('interaction.favorites.title')}
      actions={
        <Tabs
          value={String(type)}
          onValueChange={(v) => void navigate({ search: { type: v === '1' ? 1 : undefined }, replace: true })}
        >
          <TabsList>
            <TabsTrigger value="0" data-testid="favorites-tab-documents">
              {t('interaction.favorites.documents')}
            </TabsTrigger>
            <TabsTrigger value="1" data-testid="favorites-tab-articles">
              {t('interaction.favorites.articles')}
            </TabsTrigger>
          </TabsList>
        </Tabs>
      }
      after={
        <ConfirmDialog
          open={!!removing}
          onOpenChange={(open) => !open && setRemoving(null)}
          destructive
          title={t('interaction.favorites.removeTitle')}
          description={t('interaction.favorites.removeConfirm', { title: removing?.title ?? '' })}
          confirmText={t('interaction.favorites.remove')}
          onConfirm={() => (removing ? remove.mutateAsync({ id: [removing.id] }) : undefined)}
        />
      }
    >
      {body}
      <MePager
        total={list.data?.total}
        page={page}
        onChange={(p) => void navigate({ search: (s) => ({ ...s, page: p }) })}
      />
    </MeListCard>
  );
}

function FavoriteRow({ favorite: f, onRemove }: { favorite: Favorite; onRemove: () => void }) {
  const { t } = useTranslation();
  const href = itemHref(f.type, f.document_uuid);
  const article = f.type === 1;
  const title = (
    <span className="min-w-0 break-words font-medium" title={f.title}>
      {f.title}
    </span>
  );
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3" data-testid="my-favorite">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {article ? (
          <NewspaperIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        ) : (
          <FileKindIcon ext={f.ext} className="mt-0.5 size-5" />
        )}
        <div className="grid min-w-0 gap-1">
          {!href ? (
            <span className="text-muted-foreground">{title}</span>
          ) : article ? (
            // The article page belongs to the articles area; a plain link works whatever its route file is called.
            <a href={href} className="min-w-0 hover:text-primary hover:underline">
              {title}
            </a>
          ) : (
            <Link
              to="/document/$id"
              params={{ id: f.document_uuid }}
              className="min-w-0 hover:text-primary hover:underline"
            >
              {title}
            </Link>
          )}
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
            {!article && href ? (
              <>
                <span>{t('interaction.favorites.pages', { count: f.pages })}</span>
                <span>{formatBytes(f.size)}</span>
                {f.score > 0 ? <Stars value={stars(f.score)} size={11} /> : null}
              </>
            ) : null}
            <time dateTime={f.created_at}>
              {t('interaction.favorites.favoritedAt', { date: formatDateTime(f.created_at) })}
            </time>
          </p>
        </div>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0 self-end text-muted-foreground hover:text-destructive sm:self-center"
        onClick={onRemove}
        data-testid="favorite-remove"
      >
        <StarOffIcon />
        {t('interaction.favorites.remove')}
      </Button>
    </li>
  );
}
