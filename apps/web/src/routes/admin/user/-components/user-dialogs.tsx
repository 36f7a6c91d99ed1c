import {
  AccountStatus,
  createUserInput,
  deleteUserInput,
  type GroupDTO,
  profileInput,
  ROOT_USER_ID,
  setUserInput,
  type UserDTO,
} from '@wenku/shared';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useEntityForm } from '@/components/admin/entity-form';
import { FormDialog } from '@/components/admin/form-dialog';
import { ControlledField, NumberSelectField, TextareaField, TextField } from '@/components/admin/form-fields';
import { CheckboxGroup } from '@/components/admin/inputs';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/react';
import { useTRPC, useTRPCClient } from '@/lib/trpc';

/** Groups are few (moredoc lists them all in selects). */
export const ALL_GROUPS = { page: 1, size: 1000 };

const STATUS_VARIANT = {
  0: 'success',
  1: 'destructive',
  2: 'warning',
  3: 'outline',
  4: 'secondary',
} as const;

/** Account status of spec §3: 0 正常, 1 禁用, 2 审核中, 3 审核拒绝, 4 已忽略. */
export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const variant = STATUS_VARIANT[status as keyof typeof STATUS_VARIANT] ?? 'outline';
  return <Badge variant={variant}>{t(`admin.user.status.${status}`, { defaultValue: String(status) })}</Badge>;
}

function useStatusOptions() {
  const { t } = useTranslation();
  return Object.values(AccountStatus).map((s) => ({ value: String(s), label: t(`admin.user.status.${s}`) }));
}

/** Group counts change with memberships, so the role list refreshes with the user list. */
function useUserQueries() {
  const trpc = useTRPC();
  return [trpc.user.pathFilter(), trpc.group.pathFilter()];
}

/** The user's roles as checkboxes (the form keeps their ids). */
function GroupsField<V extends FieldValues & { group_id?: unknown }, O>({
  form,
  groups,
}: {
  form: UseFormReturn<V, unknown, O>;
  groups: readonly GroupDTO[];
}) {
  const { t } = useTranslation();
  return (
    <ControlledField
      form={form}
      name={'group_id' as Path<V>}
      label={t('admin.user.groups')}
      render={(field, id) => (
        <CheckboxGroup
          idPrefix={id}
          value={((field.value as number[] | undefined) ?? []).map(String)}
          onChange={(v) => field.onChange(v.map(Number))}
          options={groups.map((g) => ({ value: String(g.id), label: g.title }))}
        />
      )}
    />
  );
}

/** Admin creates an account (moredoc-facts §16.5): username, password, e-mail, mobile, groups, status. */
export function CreateUserDialog({ groups, onClose }: { groups: readonly GroupDTO[]; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const invalidate = useUserQueries();
  const statusOptions = useStatusOptions();
  const defaultGroup = groups.find((g) => g.is_default);
  const { form, shellProps } = useEntityForm({
    schema: createUserInput,
    defaultValues: {
      username: '',
      password: '',
      email: '',
      mobile: '',
      group_id: defaultGroup ? [defaultGroup.id] : [],
      status: AccountStatus.Normal,
    },
    save: (v) => client.user.create.mutate(v),
    successText: t('admin.common.created'),
    invalidate,
    onClose,
  });
  return (
    <FormDialog {...shellProps} title={t('admin.user.create')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="username" label={t('admin.user.username')} autoComplete="off" />
        <TextField
          form={form}
          name="password"
          label={t('admin.user.password')}
          type="password"
          autoComplete="new-password"
        />
        <TextField form={form} name="email" label={t('admin.user.email')} type="email" />
        <TextField form={form} name="mobile" label={t('admin.user.mobile')} inputMode="tel" />
      </div>
      <GroupsField form={form} groups={groups} />
      <NumberSelectField form={form} name="status" label={t('admin.user.statusLabel')} options={statusOptions} />
    </FormDialog>
  );
}

/** Admin sets an account's groups and status, and optionally a new password (moredoc SetUser). */
export function SetUserDialog({
  user,
  groups,
  onClose,
}: {
  user: UserDTO;
  groups: readonly GroupDTO[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const invalidate = useUserQueries();
  const statusOptions = useStatusOptions();
  const root = user.id === ROOT_USER_ID;
  const { form, shellProps } = useEntityForm({
    schema: setUserInput,
    defaultValues: { id: user.id, group_id: user.group_id, password: '', status: user.status },
    // An empty password keeps the current one.
    save: (v) => client.user.set.mutate({ ...v, password: v.password || undefined }),
    successText: t('admin.common.saved'),
    invalidate,
    onClose,
  });
  return (
    <FormDialog {...shellProps} title={t('admin.user.setTitle', { name: user.username })}>
      <GroupsField form={form} groups={groups} />
      <NumberSelectField
        form={form}
        name="status"
        label={t('admin.user.statusLabel')}
        hint={root ? t('admin.user.rootStatusHint') : undefined}
        options={statusOptions}
        disabled={root}
      />
      <TextField
        form={form}
        name="password"
        label={t('admin.user.newPassword')}
        hint={t('admin.user.newPasswordHint')}
        type="password"
        autoComplete="new-password"
      />
    </FormDialog>
  );
}

/** Admin edits another member's profile, including the admin-only remark (moredoc UpdateUserProfile). */
export function ProfileDialog({ user, onClose }: { user: UserDTO; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const invalidate = useUserQueries();
  const { form, shellProps } = useEntityForm({
    schema: profileInput,
    defaultValues: {
      id: user.id,
      realname: user.realname,
      identity: user.identity,
      email: user.email,
      mobile: user.mobile,
      address: user.address,
      signature: user.signature,
      remark: user.remark ?? '',
    },
    save: (v) => client.user.updateProfile.mutate(v),
    successText: t('admin.user.profileSaved'),
    invalidate,
    onClose,
  });
  return (
    <FormDialog {...shellProps} title={t('admin.user.profileTitle', { name: user.username })}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="realname" label={t('admin.user.realname')} />
        <TextField form={form} name="identity" label={t('admin.user.identity')} />
        <TextField form={form} name="email" label={t('admin.user.email')} type="email" />
        <TextField form={form} name="mobile" label={t('admin.user.mobile')} inputMode="tel" />
      </div>
      <TextField form={form} name="address" label={t('admin.user.address')} />
      <TextareaField form={form} name="signature" label={t('admin.user.signature')} rows={2} />
      <TextareaField
        form={form}
        name="remark"
        label={t('admin.user.remark')}
        hint={t('admin.user.remarkHint')}
        rows={2}
      />
    </FormDialog>
  );
}

/** Deleting accounts asks for the acting administrator's own password (moredoc-facts §16.5). */
export function DeleteUsersDialog({
  users,
  onClose,
  onDeleted,
}: {
  users: readonly UserDTO[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const invalidate = useUserQueries();
  const { form, shellProps } = useEntityForm({
    schema: deleteUserInput,
    defaultValues: { id: users.map((u) => u.id), password: '' },
    save: (v) => client.user.delete.mutate(v),
    successText: t('admin.common.deleted'),
    invalidate,
    onClose,
    onSaved: onDeleted,
  });
  return (
    <FormDialog {...shellProps} title={t('admin.user.deleteTitle')} submitText={t('delete')}>
      <p className="text-sm">
        {t('admin.user.deleteConfirm', {
          names: users.map((u) => u.username).join(t('admin.common.separator')),
          count: users.length,
        })}
      </p>
      <p className="text-muted-foreground text-xs">{t('admin.user.deleteHint')}</p>
      <TextField
        form={form}
        name="password"
        label={t('admin.user.yourPassword')}
        type="password"
        autoComplete="current-password"
        autoFocus
      />
    </FormDialog>
  );
}
