import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AVATAR_NAV_SIZE, type DocumentDTO, DocumentStatus } from '@wenku/shared';
import {
  BanIcon,
  CircleAlertIcon,
  ClockIcon,
  FileXIcon,
  HourglassIcon,
  LoaderCircleIcon,
  ShieldAlertIcon,
} from 'lucide-react';
import * as React from 'react';
import { DocumentLink } from '@/components/documents/document-link';
import { FileKindIcon } from '@/components/documents/file-kind-icon';
import { stars } from '@/components/documents/listing';
import { documentHref } from '@/components/documents/reading';
import { StarInput, Stars } from '@/components/documents/star-rating';
import { MemberCard } from '@/components/interactions/member-card';
import { loginHref } from '@/components/layout/front-check';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { searchHref } from '@/components/layout/nav';
import { SmartLink } from '@/components/layout/smart-link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Badge, Skeleton } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { errorMessage, errorReason } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';

/**
 * Why the pages are not there (yet): for the owner and administrators the state of review and conversion, with the
 * converter's reason when it failed; for everyone else moredoc's notice to download instead.
 */
export function StatusBanner({ doc, manager }: { doc: DocumentDTO; manager: boolean }) {
  const { t } = useTranslation();
  if (doc.status === DocumentStatus.Converted) return null;
  const label = t(`documents.status.${doc.status}`, { defaultValue: String(doc.status) });
  if (!manager) {
    return (
      <Alert variant="warning" data-testid="status-banner">
        <CircleAlertIcon />
        <AlertDescription className="text-foreground">
          {t('documents.read.notPreviewable', { status: label })}
        </AlertDescription>
      </Alert>
    );
  }
  const variants: Record<number, { icon: React.ReactNode; variant: 'info' | 'warning' | 'destructive' | 'default' }> = {
    [DocumentStatus.Pending]: { icon: <ClockIcon />, variant: 'info' },
    [DocumentStatus.Converting]: { icon: <LoaderCircleIcon className="animate-spin" />, variant: 'info' },
    [DocumentStatus.Reconvert]: { icon: <ClockIcon />, variant: 'info' },
    [DocumentStatus.Failed]: { icon: <FileXIcon />, variant: 'destructive' },
    [DocumentStatus.Disabled]: { icon: <BanIcon />, variant: 'default' },
    [DocumentStatus.PendingReview]: { icon: <HourglassIcon />, variant: 'warning' },
    [DocumentStatus.ReviewRejected]: { icon: <ShieldAlertIcon />, variant: 'destructive' },
  };
  const v = variants[doc.status] ?? { icon: <CircleAlertIcon />, variant: 'default' as const };
  return (
    <Alert variant={v.variant} data-testid="status-banner">
      {v.icon}
      <AlertTitle>{t('documents.read.statusTitle', { status: label })}</AlertTitle>
      <AlertDescription>
        <p>{t(`documents.read.statusHelp.${doc.status}`, { defaultValue: '' })}</p>
        {doc.status === DocumentStatus.Failed && doc.convert_error ? (
          <p className="break-words rounded bg-destructive/10 px-2 py-1 font-mono text-destructive text-xs">
            {doc.convert_error}
          </p>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/** Keywords as links to the search page. */
export function KeywordLinks({ keywords }: { keywords: string }) {
  const words = [
    ...new Set(
      keywords
        .split(/[,，\s]+/)
        .map((w) => w.trim())
        .filter(Boolean),
    ),
  ].slice(0, 12);
  if (words.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-1.5">
      {words.map((w) => (
        <SmartLink
          key={w}
          href={searchHref(w, 0)}
          className="rounded-full bg-secondary px-2.5 py-0.5 text-secondary-foreground text-xs hover:text-primary"
        >
          {w}
        </SmartLink>
      ))}
    </div>
  );
}

const FOLD_AT = 255;

/** A long text folded to its first 255 characters with 展开内容 / 收起内容 (moredoc-facts §21.2). */
export function FoldedText({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(false);
  const long = [...text].length > FOLD_AT;
  return (
    <div className="grid gap-1">
      <p className="whitespace-pre-line break-words text-sm leading-6">
        {long && !open ? `${[...text].slice(0, FOLD_AT).join('')}…` : text}
      </p>
      {long ? (
        <button
          type="button"
          className="justify-self-start text-primary text-sm hover:underline"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
        >
          {open ? t('documents.read.collapse') : t('documents.read.expand')}
        </button>
      ) : null}
    </div>
  );
}

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

/** 推荐 badge of a recommended document. */
export function RecommendBadge() {
  const { t } = useTranslation();
  return <Badge variant="warning">{t('documents.recommended')}</Badge>;
}
