import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import type { commentOutput } from '@wenku/shared';
import { LogInIcon, MessageSquareIcon, MessagesSquareIcon, ReplyIcon, Trash2Icon } from 'lucide-react';
import * as React from 'react';
import type { z } from 'zod';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/admin/lazy-confirm-dialog';
import { QueryError } from '@/components/admin/query-state';
import { useCan } from '@/components/admin/use-can';
import { useRelativeTime } from '@/components/documents/format';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Badge, SkeletonRow } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/areas/interaction';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { usePaintedTimeZone } from '@/lib/render-clock';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { CommentForm } from './comment-form';
import { buildCommentThread, threadSize } from './comment-tree';
import type { InteractionType } from './favorite-button';
import { commentListInput } from './lazy-comments-section';

type Comment = z.infer<typeof commentOutput>;

interface CommentsSectionProps {
  type: InteractionType;
  /** The document's or article's id. */
  id: number;
  /** The uploader or author: their comments carry a badge. */
  ownerId?: number;
  /** +1 after a comment is posted, −1 after one is deleted (to update the item's comment_count). */
  onCountChange?: (delta: number) => void;
  className?: string;
}

/**
 * The comments of a document or article (moredoc-facts §10, CommentList.vue): the form for members, a sign-in link
 * for visitors, then the two-level thread, oldest first. The text is shown as text, never as HTML.
 */
export function CommentsSection({ type, id, ownerId, onCountChange, className }: CommentsSectionProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const can = useCan();
  const href = useLocation({ select: (l) => l.href });
  const list = useQuery(trpc.comment.list.queryOptions(commentListInput(type, id)));
  // The list depends on who asks (their own pending comments): asked again when someone signs in here.
  const asker = React.useRef(user?.id);
  React.useEffect(() => {
    if (asker.current === user?.id) return;
    asker.current = user?.id;
    void list.refetch();
  }, [user?.id, list.refetch]);
  const thread = React.useMemo(() => buildCommentThread(list.data?.comment ?? []), [list.data]);
  const [replyingTo, setReplyingTo] = React.useState<number | null>(null);
  const [deleting, setDeleting] = React.useState<Comment | null>(null);

  const remove = useMutation(
    trpc.comment.delete.mutationOptions({
      onSuccess: () => {
        toast.success(t('interaction.comment.deleted'));
        onCountChange?.(-1);
        void queryClient.invalidateQueries(trpc.comment.list.pathFilter());
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );

  const canDeleteAny = can('CommentAPI.DeleteComment');
  const itemProps = {
    ownerId,
    replyingTo,
    onReply: user ? (c: Comment) => setReplyingTo((r) => (r === c.id ? null : c.id)) : undefined,
    canDelete: (c: Comment) => !!user && (c.user_id === user.id || canDeleteAny),
    onDelete: setDeleting,
    replyForm: (c: Comment) => (
      <CommentForm
        key={c.id}
        type={type}
        documentId={id}
        parent={{ id: c.id, username: c.user?.username ?? t('interaction.comment.anonymous') }}
        autoFocus
        onCancel={() => setReplyingTo(null)}
        onPosted={() => {
          setReplyingTo(null);
          onCountChange?.(1);
        }}
      />
    ),
  };

  let body: React.ReactNode;
  if (list.error && !list.data) {
    body = <QueryError error={list.error} onRetry={() => void list.refetch()} className="py-6" />;
  } else if (!list.data) {
    body = (
      <div className="grid gap-4" aria-busy>
        {Array.from({ length: 3 }, (_, i) => (
          <SkeletonRow key={i} lead="size-9 rounded-full" lines={['h-4 w-40', 'h-4 w-full']} />
        ))}
      </div>
    );
  } else if (thread.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-1 py-8 text-center text-muted-foreground text-sm">
        <MessagesSquareIcon className="size-9 opacity-50" />
        <p>{t('interaction.comment.empty')}</p>
        {user ? <p className="text-xs">{t('interaction.comment.emptyHint')}</p> : null}
      </div>
    );
  } else {
    body = (
      <ol className="grid divide-y" data-testid="comment-list">
        {thread.map((root) => (
          <li key={root.comment.id} className="min-w-0 py-4 first:pt-0 last:pb-0">
            <CommentItem comment={root.comment} {...itemProps}>
              {root.replies.length > 0 ? (
                // On a phone the replies take the full width, under the avatar too.
                <ol className="mt-3 grid gap-3 rounded-lg bg-muted/50 p-3 max-sm:-ml-12">
                  {root.replies.map((r) => (
                    <li key={r.comment.id}>
                      <CommentItem comment={r.comment} replyTo={r.replyTo} small {...itemProps} />
                    </li>
                  ))}
                </ol>
              ) : null}
            </CommentItem>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <Card id="comments" className={cn('scroll-mt-20', className)} data-testid="comments">
      <CardHeader className="flex-row items-center gap-2">
        <MessageSquareIcon className="size-5 text-primary" />
        <CardTitle>{t('interaction.comment.title')}</CardTitle>
        {list.data ? (
          <span className="text-muted-foreground text-sm" data-testid="comment-count">
            {t('interaction.comment.count', { count: threadSize(thread) })}
          </span>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-6">
        {user ? (
          <CommentForm type={type} documentId={id} onPosted={() => onCountChange?.(1)} />
        ) : (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed py-5 text-center">
            <p className="text-muted-foreground text-sm">{t('interaction.comment.hint')}</p>
            <Button asChild variant="outline" size="sm">
              <Link to="/login" search={{ redirect: href }} data-testid="comment-login">
                <LogInIcon />
                {t('interaction.comment.login')}
              </Link>
            </Button>
          </div>
        )}
        {body}
      </CardContent>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        destructive
        title={t('interaction.comment.deleteTitle')}
        description={t('interaction.comment.deleteConfirm')}
        confirmText={t('delete')}
        onConfirm={() => (deleting ? remove.mutateAsync({ id: [deleting.id] }) : undefined)}
      />
    </Card>
  );
}

function CommentItem({
  comment: c,
  replyTo,
  small,
  ownerId,
  replyingTo,
  onReply,
  canDelete,
  onDelete,
  replyForm,
  children,
}: {
  comment: Comment;
  replyTo?: string;
  small?: boolean;
  ownerId?: number;
  replyingTo: number | null;
  onReply?: (c: Comment) => void;
  canDelete: (c: Comment) => boolean;
  onDelete: (c: Comment) => void;
  replyForm: (c: Comment) => React.ReactNode;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const zone = usePaintedTimeZone();
  const name = c.user?.username || t('interaction.comment.anonymous');
  const profile = c.user ? { to: '/user/$id' as const, params: { id: String(c.user.id) } } : null;
  const avatar = <Avatar src={c.user?.avatar || undefined} name={name} size={small ? 28 : 36} />;
  return (
    <article className="flex gap-3" data-testid="comment" data-comment-id={c.id} data-status={c.status}>
      {profile ? (
        <Link {...profile} className="shrink-0" aria-label={name}>
          {avatar}
        </Link>
      ) : (
        avatar
      )}
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
          {profile ? (
            <Link {...profile} className="font-medium hover:text-primary">
              {name}
            </Link>
          ) : (
            <span className="font-medium">{name}</span>
          )}
          {ownerId && c.user_id === ownerId ? (
            <Badge variant="secondary">{t('interaction.comment.owner')}</Badge>
          ) : null}
          {c.status === 0 ? (
            <span className="text-warning text-xs" data-testid="comment-pending">
              {t('interaction.comment.pending')}
            </span>
          ) : c.status === 2 ? (
            <span className="text-destructive text-xs">{t('interaction.comment.rejected')}</span>
          ) : null}
          <time
            className="text-muted-foreground text-xs"
            dateTime={c.created_at}
            title={formatDateTime(c.created_at, zone)}
          >
            {relative(c.created_at)}
          </time>
        </header>
        <p className="mt-1 whitespace-pre-wrap text-sm leading-relaxed wrap-anywhere" data-testid="comment-content">
          {replyTo ? <span className="mr-1 text-primary">@{replyTo}</span> : null}
          {c.content}
        </p>
        {onReply || canDelete(c) ? (
          <div className="-ml-2 mt-1 flex gap-1">
            {onReply ? (
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2 text-muted-foreground text-xs"
                aria-expanded={replyingTo === c.id}
                onClick={() => onReply(c)}
              >
                <ReplyIcon className="size-3.5" />
                {t('interaction.comment.reply')}
              </Button>
            ) : null}
            {canDelete(c) ? (
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2 text-muted-foreground text-xs hover:text-destructive"
                onClick={() => onDelete(c)}
                data-testid="comment-delete"
              >
                <Trash2Icon className="size-3.5" />
                {t('interaction.comment.delete')}
              </Button>
            ) : null}
          </div>
        ) : null}
        {replyingTo === c.id ? <div className="mt-2">{replyForm(c)}</div> : null}
        {children}
      </div>
    </article>
  );
}
