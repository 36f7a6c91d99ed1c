import { type commentOutput, updateCommentInput } from '@wenku/shared';
import type { z } from 'zod';
import { useEntityForm } from '@/components/admin/entity-form';
import { FormDialog } from '@/components/admin/form-dialog';
import { NumberSelectField, TextareaField } from '@/components/admin/form-fields';
import { useTranslation } from '@/i18n/areas/interaction';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

type Comment = z.infer<typeof commentOutput>;

/** PUT /comment edits the text and the status only (moredoc-facts §10); both are required in this form. */
const editSchema = updateCommentInput.omit({ id: true }).required({ content: true, status: true });

/** 编辑评论: an administrator corrects a comment's text or sets its status (comment.update). */
export function CommentEditDialog({ comment, onClose }: { comment: Comment; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { form, shellProps } = useEntityForm({
    schema: editSchema,
    defaultValues: { content: comment.content, status: comment.status },
    save: (v) => client.comment.update.mutate({ id: comment.id, ...v }),
    successText: t('interaction.admin.saved'),
    invalidate: [trpc.comment.pathFilter()],
    onClose,
  });
  return (
    <FormDialog
      {...shellProps}
      title={t('interaction.admin.edit')}
      description={`${comment.user?.username ?? `#${comment.user_id}`} · ${comment.document_title || ''}`}
    >
      <TextareaField form={form} name="content" label={t('interaction.admin.content')} rows={6} />
      <NumberSelectField
        form={form}
        name="status"
        label={t('interaction.admin.statusLabel')}
        options={[0, 1, 2].map((s) => ({ value: String(s), label: t(`interaction.admin.status.${s}`) }))}
      />
    </FormDialog>
  );
}
