import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AVATAR_NAV_SIZE, type DocumentDTO } from '@wenku/shared';
import type * as React from 'react';
import { DocumentLink } from '@/components/documents/document-link';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { stars } from '@/components/documents/listing';
import { documentHref } from '@/components/documents/reading';
import { StarInput, Stars } from '@/components/documents/star-rating';
import { MemberCard } from '@/components/interactions/member-card';
import { loginHref } from '@/components/layout/front-check';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Avatar } from '@/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { errorMessage, errorReason } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';

// The cards under the reader and beside it, below the fold on a phone: loaded as they come near the screen
// (lazy-document-cards.ts).

/** Rating (moredoc-facts §6.9): stars once per member; afterwards the member's own rating, read-only. */
export function RatingCard({ doc, onRated }: { doc: DocumentDTO; onRated: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const mine = useQuery({ ...trpc.document.score.queryOptions({ document_id: doc.id }), enabled: !!user });
  const rate = useMutation(
    trpc.document.rate.mutationOptions({
      onSuccess: (res) => {
        toast.success(t('documents.rating.success'));
        queryClient.setQueryData(trpc.document.score.queryKey({ document_id: doc.id }), res);
        onRated();
      },
      onError: (e) => {
        const already = errorReason(e) === 'documents.already_rated';
        toast.error(already ? t('documents.rating.already') : errorMessage(e, t('documents.rating.failed')));
        void mine.refetch();
      },
    }),
  );
  const average = doc.score_count > 0 ? stars(doc.score) : 0;
  let control: React.ReactNode;
  if (!user) {
    control = (
      <p className="text-muted-foreground text-sm">
        <a className="text-primary hover:underline" href={loginHref(documentHref(doc))}>
          {t('documents.rating.login')}
        </a>
      </p>
    );
  } else if (mine.isPending) {
    control = <Skeleton className="h-7 w-48" />;
  } else if ((mine.data?.score ?? 0) > 0) {
    control = (
      <div className="flex items-center gap-2 text-sm" data-testid="my-rating">
        <span className="text-muted-foreground">{t('documents.rating.mine')}</span>
        <Stars value={(mine.data?.score ?? 0) / 100} size={18} />
        <span>{t(`documents.rating.text${Math.round((mine.data?.score ?? 0) / 100)}`, { defaultValue: '' })}</span>
      </div>
    );
  } else {
    control = (
      <StarInput onRate={(n) => rate.mutate({ document_id: doc.id, score: n * 100 })} disabled={rate.isPending} />
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('documents.rating.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {doc.score_count > 0 ? (
            <>
              <span className="font-semibold text-2xl text-amber-500 tabular-nums">{average.toFixed(1)}</span>
              <Stars value={average} size={18} />
              <span className="text-muted-foreground">{t('documents.rating.count', { count: doc.score_count })}</span>
            </>
          ) : (
            <span className="text-muted-foreground">{t('documents.rating.noneYet')}</span>
          )}
        </div>
        {control}
      </CardContent>
    </Card>
  );
}

/** The uploader (moredoc's 分享用户 card): avatar, name, counts, link to their home page. */
export function UploaderCard({ userId, fallbackName }: { userId: number; fallbackName?: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.user.get.queryOptions({ id: userId }), enabled: userId > 0, retry: false });
  const user = q.data;
  const name = user?.username ?? fallbackName ?? t('documents.read.anonymous');
  return (
    <MemberCard
      title={t('documents.read.sharer')}
      userId={userId}
      name={name}
      avatar={
        q.isPending && userId > 0 ? (
          <Skeleton className="size-[42px] rounded-full" />
        ) : (
          <Avatar src={user?.avatar || undefined} name={name} size={AVATAR_NAV_SIZE} />
        )
      }
      counts={user ? t('documents.read.sharerDocs', { count: user.doc_count }) : null}
    />
  );
}

/** Related documents (moredoc-facts §6.10): converted documents sharing a category or keyword. */
export function RelatedDocuments({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery(trpc.document.related.queryOptions({ id: documentId }));
  let body: React.ReactNode;
  if (q.isPending) {
    body = (
      <div className="grid gap-2">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-5" />
        ))}
      </div>
    );
  } else if (q.error) {
    body = <p className="text-muted-foreground text-sm">{errorMessage(q.error)}</p>;
  } else if ((q.data?.document.length ?? 0) === 0) {
    body = <p className="text-muted-foreground text-sm">{t('documents.read.noRelated')}</p>;
  } else {
    body = (
      <ul className="grid gap-2.5">
        {q.data?.document.map((d) => (
          <li key={d.id} className="flex items-start gap-2 text-sm">
            <FileKindIcon ext={d.ext} className="mt-0.5 size-4" />
            <DocumentLink doc={d} className="line-clamp-2 min-w-0 hover:text-primary hover:underline" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card className="gap-3" data-testid="related-documents">
      <CardHeader>
        <CardTitle className="text-base">{t('documents.read.related')}</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
