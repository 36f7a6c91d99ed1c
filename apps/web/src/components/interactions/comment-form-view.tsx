import { LoaderCircleIcon, SendIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { useTranslation } from '@/i18n/areas/interaction';

/**
 * The look of the comment box (moredoc's FormComment, moredoc-facts §10): textarea, its error, the captcha, the hint,
 * the cancel and send buttons. Shared by the stand-in a page paints (`comment-form.tsx`) and the working form that
 * replaces it when first used (`comment-form-live.tsx`), so the swap changes nothing on screen.
 */
export function CommentFormView({
  reply,
  textarea,
  contentError,
  captcha,
  pending,
  onSubmit,
  onCancel,
  onPointerDown,
}: {
  /** Replying to this user. */
  reply?: string;
  textarea: React.ComponentProps<'textarea'>;
  contentError?: string;
  captcha?: React.ReactNode;
  pending?: boolean;
  onSubmit: (e: React.FormEvent<HTMLFormElement>) => void;
  onCancel?: () => void;
  onPointerDown?: () => void;
}) {
  const { t } = useTranslation();
  const placeholder = reply
    ? t('interaction.comment.replyPlaceholder', { username: reply })
    : t('interaction.comment.placeholder');
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onPointerDown={onPointerDown}
      className="grid gap-2"
      data-testid={reply !== undefined ? 'reply-form' : 'comment-form'}
    >
      <Textarea
        rows={reply !== undefined ? 2 : 3}
        maxLength={5000}
        placeholder={placeholder}
        aria-label={placeholder}
        aria-invalid={!!contentError}
        className="resize-y"
        {...textarea}
        data-testid="comment-input"
      />
      {contentError ? (
        <p role="alert" className="text-destructive text-sm">
          {contentError}
        </p>
      ) : null}
      {captcha}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-xs">{t('interaction.comment.hint')}</p>
        <div className="ml-auto flex gap-2">
          {onCancel ? (
            <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={pending}>
              {t('interaction.comment.cancelReply')}
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={pending} data-testid="comment-submit">
            {pending ? <LoaderCircleIcon className="animate-spin" /> : <SendIcon />}
            {t('interaction.comment.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}
