import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCommentInput } from '@wenku/shared';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorOf, reportFormError } from '@/components/admin/form-errors';
import { useCaptchaChallenge } from '@/components/forms/captcha-challenge';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { settingBool } from '@/components/layout/site-settings';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/areas/interaction';
import { formResolver } from '@/lib/form-resolver';
import { useTRPC } from '@/lib/trpc';
import { CommentCaptcha } from './comment-captcha';
import type { CommentFormHandoff, CommentFormProps } from './comment-form';
import { CommentFormView } from './comment-form-view';

type Values = z.input<typeof createCommentInput>;
type Output = z.output<typeof createCommentInput>;

/**
 * The working comment form (react-hook-form, the shared zod schema, the captcha). It loads when the stand-in of
 * `comment-form.tsx` is first used and takes over what was typed there, the focus and a send already asked for.
 */
export function CommentFormLive({
  type,
  documentId,
  parent,
  onPosted,
  onCancel,
  autoFocus,
  handoff,
}: CommentFormProps & { handoff?: CommentFormHandoff }) {
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
  const form = useForm<Values, unknown, Output>({
    resolver: formResolver(createCommentInput),
    defaultValues: { ...defaultValues, content: handoff?.content ?? '' },
  });

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
  const content = form.register('content');

  // What the stand-in handed over: the caret where it was, then the send the reader already asked for.
  const textareaId = `${ids}-content`;
  const took = React.useRef(false);
  React.useEffect(() => {
    if (took.current || !handoff) return;
    took.current = true;
    const el = document.getElementById(textareaId);
    if (handoff.focused && el instanceof HTMLTextAreaElement) {
      el.focus();
      el.setSelectionRange(...handoff.selection);
    }
    if (handoff.submit) void submit();
  });

  return (
    <CommentFormView
      reply={parent?.username}
      onSubmit={submit}
      onCancel={onCancel}
      pending={create.isPending}
      contentError={contentError}
      textarea={{
        id: textareaId,
        autoFocus: autoFocus && !handoff,
        ...content,
        onKeyDown: (e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void submit();
          }
        },
      }}
      captcha={
        captchaOn ? (
          <CommentCaptcha
            captcha={captcha}
            id={`${ids}-captcha`}
            error={captchaError}
            inputProps={form.register('captcha')}
          />
        ) : null
      }
    />
  );
}
