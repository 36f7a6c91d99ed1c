import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createGroupInput, type GroupDTO } from '@wenku/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormDrawer } from '@/components/admin/form-dialog';
import { errorOf, reportFormError } from '@/components/admin/form-errors';
import { ColorInput, YesNoSwitch } from '@/components/admin/inputs';
import { Field } from '@/components/forms/field';
import { Input, Textarea } from '@/components/ui/input';
import { useTRPC } from '@/lib/trpc';

type Values = z.input<typeof createGroupInput>;

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
] as const;

/** Creates or edits a role with all its flags (a drawer: the form is long). */
export function GroupFormDrawer({ group, onClose }: { group: GroupDTO | null; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, z.output<typeof createGroupInput>>({
    resolver: zodResolver(createGroupInput),
    defaultValues: group
      ? {
          title: group.title,
          color: group.color,
          description: group.description,
          sort: group.sort,
          ...Object.fromEntries(GROUP_FLAGS.map(([k]) => [k, group[k]])),
        }
      : { title: '', color: '', description: '', sort: 0, ...Object.fromEntries(GROUP_FLAGS) },
  });
  const options = {
    onSuccess: async () => {
      toast.success(group ? t('admin.common.saved') : t('admin.common.created'));
      await queryClient.invalidateQueries(trpc.group.pathFilter());
      onClose();
    },
    onError: (e: unknown) => reportFormError(form, e),
  };
  const create = useMutation(trpc.group.create.mutationOptions(options));
  const update = useMutation(trpc.group.update.mutationOptions(options));
  const err = (name: keyof Values) => errorOf(form.formState.errors, name);
  return (
    <FormDrawer
      open
      onOpenChange={(v) => !v && onClose()}
      title={group ? t('admin.group.edit') : t('admin.group.create')}
      onSubmit={form.handleSubmit((v) => (group ? update.mutate({ ...v, id: group.id }) : create.mutate(v)))}
      submitting={create.isPending || update.isPending}
    >
      <Field label={t('admin.group.title')} htmlFor="gf-title" error={err('title')}>
        <Input id="gf-title" aria-invalid={!!err('title')} {...form.register('title')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin.group.color')} htmlFor="gf-color" error={err('color')}>
          <Controller
            control={form.control}
            name="color"
            render={({ field }) => <ColorInput id="gf-color" value={field.value} onChange={field.onChange} />}
          />
        </Field>
        <Field label={t('admin.common.sort')} htmlFor="gf-sort" error={err('sort')} hint={t('admin.common.sortHint')}>
          <Input id="gf-sort" type="number" step={1} {...form.register('sort')} />
        </Field>
      </div>
      <Field label={t('admin.common.description')} htmlFor="gf-description" error={err('description')}>
        <Textarea id="gf-description" rows={2} {...form.register('description')} />
      </Field>
      <div className="grid grid-cols-2 gap-x-4 gap-y-3">
        {GROUP_FLAGS.map(([name]) => (
          <Field key={name} label={t(`admin.group.flags.${name}`)} htmlFor={`gf-${name}`} error={err(name)}>
            <Controller
              control={form.control}
              name={name}
              render={({ field }) => (
                <YesNoSwitch id={`gf-${name}`} checked={field.value === true} onChange={field.onChange} />
              )}
            />
          </Field>
        ))}
      </div>
      <p className="text-muted-foreground text-xs">{t('admin.group.flagsHint')}</p>
    </FormDrawer>
  );
}
