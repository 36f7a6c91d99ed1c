import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormDialog } from '@/components/admin/form-dialog';
import { errorOf, reportFormError } from '@/components/admin/form-errors';
import { CheckboxGroup, SelectInput } from '@/components/admin/inputs';
import { Field } from '@/components/forms/field';
import { Input, Textarea } from '@/components/ui/input';
import { Badge } from '@/components/ui/misc';
import { useTRPC } from '@/lib/trpc';

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

function useInvalidateUsers() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Group counts change with memberships, so the role list refreshes too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.user.pathFilter()),
      queryClient.invalidateQueries(trpc.group.pathFilter()),
    ]);
}

const groupOptions = (groups: readonly GroupDTO[]) => groups.map((g) => ({ value: String(g.id), label: g.title }));

type CreateValues = z.input<typeof createUserInput>;

/** Admin creates an account (moredoc-facts §16.5): username, password, e-mail, mobile, groups, status. */
export function CreateUserDialog({ groups, onClose }: { groups: readonly GroupDTO[]; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const invalidate = useInvalidateUsers();
  const statusOptions = useStatusOptions();
  const defaultGroup = groups.find((g) => g.is_default);
  const form = useForm<CreateValues, unknown, z.output<typeof createUserInput>>({
    resolver: zodResolver(createUserInput),
    defaultValues: {
      username: '',
      password: '',
      email: '',
      mobile: '',
      group_id: defaultGroup ? [defaultGroup.id] : [],
      status: AccountStatus.Normal,
    },
  });
  const create = useMutation(
    trpc.user.create.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.created'));
        await invalidate();
        onClose();
      },
      onError: (e) => reportFormError(form, e),
    }),
  );
  const err = (name: keyof CreateValues) => errorOf(form.formState.errors, name);
  return (
    <FormDialog
      open
      onOpenChange={(v) => !v && onClose()}
      title={t('admin.user.create')}
      onSubmit={form.handleSubmit((v) => create.mutate(v))}
      submitting={create.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin.user.username')} htmlFor="cu-username" error={err('username')}>
          <Input id="cu-username" autoComplete="off" aria-invalid={!!err('username')} {...form.register('username')} />
        </Field>
        <Field label={t('admin.user.password')} htmlFor="cu-password" error={err('password')}>
          <Input
            id="cu-password"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!err('password')}
            {...form.register('password')}
          />
        </Field>
        <Field label={t('admin.user.email')} htmlFor="cu-email" error={err('email')}>
          <Input id="cu-email" type="email" aria-invalid={!!err('email')} {...form.register('email')} />
        </Field>
        <Field label={t('admin.user.mobile')} htmlFor="cu-mobile" error={err('mobile')}>
          <Input id="cu-mobile" inputMode="tel" aria-invalid={!!err('mobile')} {...form.register('mobile')} />
        </Field>
      </div>
      <Field label={t('admin.user.groups')} error={err('group_id')}>
        <Controller
          control={form.control}
          name="group_id"
          render={({ field }) => (
            <CheckboxGroup
              idPrefix="cu-group"
              value={((field.value as number[] | undefined) ?? []).map(String)}
              onChange={(v) => field.onChange(v.map(Number))}
              options={groupOptions(groups)}
            />
          )}
        />
      </Field>
      <Field label={t('admin.user.statusLabel')} htmlFor="cu-status">
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <SelectInput
              id="cu-status"
              value={String(field.value ?? 0)}
              onChange={(v) => field.onChange(Number(v))}
              options={statusOptions}
            />
          )}
        />
      </Field>
    </FormDialog>
  );
}

type SetValues = z.input<typeof setUserInput>;

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
  const trpc = useTRPC();
  const invalidate = useInvalidateUsers();
  const statusOptions = useStatusOptions();
  const root = user.id === ROOT_USER_ID;
  const form = useForm<SetValues, unknown, z.output<typeof setUserInput>>({
    resolver: zodResolver(setUserInput),
    defaultValues: { id: user.id, group_id: user.group_id, password: '', status: user.status },
  });
  const save = useMutation(
    trpc.user.set.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.saved'));
        await invalidate();
        onClose();
      },
      onError: (e) => reportFormError(form, e),
    }),
  );
  const err = (name: keyof SetValues) => errorOf(form.formState.errors, name);
  return (
    <FormDialog
      open
      onOpenChange={(v) => !v && onClose()}
      title={t('admin.user.setTitle', { name: user.username })}
      onSubmit={form.handleSubmit((v) => save.mutate({ ...v, password: v.password || undefined }))}
      submitting={save.isPending}
    >
      <Field label={t('admin.user.groups')} error={err('group_id')}>
        <Controller
          control={form.control}
          name="group_id"
          render={({ field }) => (
            <CheckboxGroup
              idPrefix="su-group"
              value={((field.value as number[] | undefined) ?? []).map(String)}
              onChange={(v) => field.onChange(v.map(Number))}
              options={groupOptions(groups)}
            />
          )}
        />
      </Field>
      <Field
        label={t('admin.user.statusLabel')}
        htmlFor="su-status"
        hint={root ? t('admin.user.rootStatusHint') : undefined}
      >
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <SelectInput
              id="su-status"
              disabled={root}
              value={String(field.value ?? 0)}
              onChange={(v) => field.onChange(Number(v))}
              options={statusOptions}
            />
          )}
        />
      </Field>
      <Field
        label={t('admin.user.newPassword')}
        htmlFor="su-password"
        error={err('password')}
        hint={t('admin.user.newPasswordHint')}
      >
        <Input
          id="su-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!err('password')}
          {...form.register('password')}
        />
      </Field>
    </FormDialog>
  );
}

type ProfileValues = z.input<typeof profileInput>;

/** Admin edits another member's profile, including the admin-only remark (moredoc UpdateUserProfile). */
export function ProfileDialog({ user, onClose }: { user: UserDTO; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const invalidate = useInvalidateUsers();
  const form = useForm<ProfileValues, unknown, z.output<typeof profileInput>>({
    resolver: zodResolver(profileInput),
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
  });
  const save = useMutation(
    trpc.user.updateProfile.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.user.profileSaved'));
        await invalidate();
        onClose();
      },
      onError: (e) => reportFormError(form, e),
    }),
  );
  const err = (name: keyof ProfileValues) => errorOf(form.formState.errors, name);
  return (
    <FormDialog
      open
      onOpenChange={(v) => !v && onClose()}
      title={t('admin.user.profileTitle', { name: user.username })}
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      submitting={save.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin.user.realname')} htmlFor="up-realname" error={err('realname')}>
          <Input id="up-realname" {...form.register('realname')} />
        </Field>
        <Field label={t('admin.user.identity')} htmlFor="up-identity" error={err('identity')}>
          <Input id="up-identity" aria-invalid={!!err('identity')} {...form.register('identity')} />
        </Field>
        <Field label={t('admin.user.email')} htmlFor="up-email" error={err('email')}>
          <Input id="up-email" type="email" aria-invalid={!!err('email')} {...form.register('email')} />
        </Field>
        <Field label={t('admin.user.mobile')} htmlFor="up-mobile" error={err('mobile')}>
          <Input id="up-mobile" inputMode="tel" aria-invalid={!!err('mobile')} {...form.register('mobile')} />
        </Field>
      </div>
      <Field label={t('admin.user.address')} htmlFor="up-address" error={err('address')}>
        <Input id="up-address" {...form.register('address')} />
      </Field>
      <Field label={t('admin.user.signature')} htmlFor="up-signature" error={err('signature')}>
        <Textarea id="up-signature" rows={2} {...form.register('signature')} />
      </Field>
      <Field label={t('admin.user.remark')} htmlFor="up-remark" error={err('remark')} hint={t('admin.user.remarkHint')}>
        <Textarea id="up-remark" rows={2} {...form.register('remark')} />
      </Field>
    </FormDialog>
  );
}

type DeleteValues = z.input<typeof deleteUserInput>;

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
  const trpc = useTRPC();
  const invalidate = useInvalidateUsers();
  const form = useForm<DeleteValues, unknown, z.output<typeof deleteUserInput>>({
    resolver: zodResolver(deleteUserInput),
    defaultValues: { id: users.map((u) => u.id), password: '' },
  });
  const del = useMutation(
    trpc.user.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.common.deleted'));
        await invalidate();
        onDeleted();
      },
      onError: (e) => reportFormError(form, e),
    }),
  );
  const err = errorOf(form.formState.errors, 'password');
  return (
    <FormDialog
      open
      onOpenChange={(v) => !v && onClose()}
      title={t('admin.user.deleteTitle')}
      onSubmit={form.handleSubmit((v) => del.mutate(v))}
      submitting={del.isPending}
      submitText={t('delete')}
    >
      <p className="text-sm">
        {t('admin.user.deleteConfirm', {
          names: users.map((u) => u.username).join(t('admin.common.separator')),
          count: users.length,
        })}
      </p>
      <p className="text-muted-foreground text-xs">{t('admin.user.deleteHint')}</p>
      <Field label={t('admin.user.yourPassword')} htmlFor="du-password" error={err}>
        <Input
          id="du-password"
          type="password"
          autoComplete="current-password"
          autoFocus
          aria-invalid={!!err}
          {...form.register('password')}
        />
      </Field>
    </FormDialog>
  );
}
