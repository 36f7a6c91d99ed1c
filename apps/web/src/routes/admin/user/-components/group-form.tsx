import { createGroupInput, type GroupDTO } from '@wenku/shared';
import { useEntityForm } from '@/components/admin/entity-form';
import { FormDrawer } from '@/components/admin/form-dialog';
import { ColorField, DescriptionField, SortField, SwitchField, TextField } from '@/components/admin/form-fields';
import { useTranslation } from '@/i18n/react';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

/** The role flags of moredoc-facts §2.10, in the order the form shows them, with their defaults for a new role. */
export const GROUP_FLAGS = [
  ['is_default', false],
  ['is_display', false],
  ['enable_upload', false],
  ['enable_document_review', false],
  ['enable_comment', true],
  ['enable_comment_approval', false],
  ['enable_article', true],
  ['enable_article_approval', false],
  ['enable_article_crawl', false],
] as const;

/** Creates or edits a role with all its flags (a drawer: the form is long). */
export function GroupFormDrawer({ group, onClose }: { group: GroupDTO | null; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { form, shellProps } = useEntityForm({
    schema: createGroupInput,
    defaultValues: group
      ? {
          title: group.title,
          color: group.color,
          description: group.description,
          sort: group.sort,
          ...Object.fromEntries(GROUP_FLAGS.map(([k]) => [k, group[k]])),
        }
      : { title: '', color: '', description: '', sort: 0, ...Object.fromEntries(GROUP_FLAGS) },
    save: (v) => (group ? client.group.update.mutate({ ...v, id: group.id }) : client.group.create.mutate(v)),
    successText: group ? t('admin.common.saved') : t('admin.common.created'),
    invalidate: [trpc.group.pathFilter()],
    onClose,
  });
  return (
    <FormDrawer {...shellProps} title={group ? t('admin.group.edit') : t('admin.group.create')}>
      <TextField form={form} name="title" label={t('admin.group.title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ColorField form={form} name="color" label={t('admin.group.color')} />
        <SortField form={form} />
      </div>
      <DescriptionField form={form} rows={2} />
      <div className="grid grid-cols-2 gap-x-4 gap-y-3">
        {GROUP_FLAGS.map(([name]) => (
          <SwitchField key={name} form={form} name={name} label={t(`admin.group.flags.${name}`)} />
        ))}
      </div>
      <p className="text-muted-foreground text-xs">{t('admin.group.flagsHint')}</p>
    </FormDrawer>
  );
}
