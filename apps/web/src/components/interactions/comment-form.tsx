import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCommentInput } from '@wenku/shared';
import { LoaderCircleIcon, SendIcon } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorOf, reportFormError } from '@/components/admin/form-errors';
import { useCaptchaChallenge } from '@/components/forms/captcha-challenge';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { settingBool } from '@/components/layout/site-settings';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/areas/member';
import { formResolver } from '@/lib/form-resolver';
import { useTRPC } from '@/lib/trpc';
import { CommentCaptcha } from './comment-captcha';
import type { InteractionType } from './favorite-button';

type Values = z.input<typeof createCommentInput>;
type Output = z.output<typeof createCommentInput>;

/** The comment the server returns: enough to tell whether it awaits approval. */
export interface PostedComment {
  id: number;
  status: number;
}

/**
 * The comment box of moredoc's FormComment (moredoc-facts §10): textarea "请输入评论内容" (or "回复 {username}" for a
 * reply), the hint, the captcha when the site asks for one, button "发表点评". Ctrl/⌘+Enter sends too.
 */
export function CommentForm({
  type,
  documentId,
  parent,
  onPosted,
  onCancel,
  autoFocus,
}: {
  type: InteractionType;
  documentId: number;
  /** Replying to this comment. */
  parent?: { id: number; username: string };
  onPosted?: (comment: PostedComment) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useSiteSettings();
  const captchaOn = settingBool(settings, 'security', 'enable_captcha_comment');
  const captcha = useCaptchaChallenge('comment', captchaOn);
  const ids = React.useId();
  const defaultValues: Values = {
    document_id: documentId,
    parent_id: parent?.id ?? 0,
    type,
    content: '',
    captcha: '',
    captcha_id: '',
  };
  const form = useForm<Values, unknown, Output>({ resolver: formResolver(createCommentInput), defaultValues });

  const create = useMutation(
    trpc.comment.create.mutationOptions({
      onSuccess: (comment) => {
        // spec: 评论成功; a member of a group whose comments need approval is told why nobody else sees it yet.
        toast.success(
          t('interaction.comment.success'),
          comment.status === 0 ? { description: t('interaction.comment.pendingNote') } : undefined,
        );
        form.reset(defaultValues);
        void queryClient.invalidateQueries(trpc.comment.list.pathFilter());
        onPosted?.(comment);
      },
      onError: (e) => reportFormError(form, e),
      onSettled: () => {
        if (!captchaOn) return;
        form.setValue('captcha', '');
        void captcha.refetch();
      },
    }),
  );

  const submit = form.handleSubmit((values) =>
    create.mutate(
      captchaOn
        ? { ...values, captcha_id: captcha.data?.id ?? '' }
        : { ...values, captcha: undefined, captcha_id: undefined },
    ),
  );
  const contentError = errorOf(form.formState.errors, 'content');
  const captchaError = errorOf(form.formState.errors, 'captcha');
  const placeholder = parent
    ? t('interaction.comment.replyPlaceholder', { username: parent.username })
    : t('interaction.comment.placeholder');
  const content = form.register('content');

  return (
    <form noValidate onSubmit={submit} className="grid gap-2" data-testid={parent ? 'reply-form' : 'comment-form'}>
      <Textarea
        id={`${ids}-content`}
        rows={parent ? 2 : 3}
        maxLength={5000}
        placeholder={placeholder}
        aria-label={placeholder}
        aria-invalid={!!contentError}
        autoFocus={autoFocus}
        className="resize-y"
        {...content}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void submit();
          }
        }}
        data-testid="comment-input"
      />
      {contentError ? (
        <p role="alert" className="text-destructive text-sm">
          {contentError}
        </p>
      ) : null}
      {captchaOn ? (
        <CommentCaptcha
          captcha={captcha}
          id={`${ids}-captcha`}
          error={captchaError}
          inputProps={form.register('captcha')}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-xs">{t('interaction.comment.hint')}</p>
        <div className="ml-auto flex gap-2">
          {onCancel ? (
            <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={create.isPending}>
              {t('interaction.comment.cancelReply')}
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={create.isPending} data-testid="comment-submit">
            {create.isPending ? <LoaderCircleIcon className="animate-spin" /> : <SendIcon />}
            {t('interaction.comment.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}
