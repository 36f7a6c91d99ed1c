import { useMutation } from '@tanstack/react-query';
import type { UserDTO } from '@wenku/shared';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { useInvalidate } from '@/components/admin/entity-mutations';
import { FormDrawer } from '@/components/admin/form-dialog';
import { reportFormError } from '@/components/admin/form-errors';
import { TextareaField, TextField } from '@/components/admin/form-fields';
import { Field } from '@/components/forms/field';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { creditName } from '@/components/layout/site-settings';
import { Input } from '@/components/ui/input';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTranslation } from '@/i18n/react';
import { formResolver } from '@/lib/form-resolver';
import { useTRPC } from '@/lib/trpc';
import { type RechargeFormInput, type RechargeFormOutput, rechargeFormSchema } from './recharge-form';

/**
 * 积分充值 (moredoc-pro-facts §4.7): an administrator credits a member. The username is typed again and the amount
 * confirmed once more before `order.systemRecharge`, which writes a paid 系统充值 order and the ledger row.
 */
export function RechargeDrawer({ user, onClose }: { user: UserDTO; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const confirm = useConfirm();
  const credit = creditName(useSiteSettings());
  const schema = React.useMemo(
    () =>
      rechargeFormSchema(user.username, {
        creditRequired: t('admin.recharge.errors.creditRequired'),
        creditRange: t('admin.recharge.errors.creditRange'),
        remarkRequired: t('admin.recharge.errors.remarkRequired'),
        confirmRequired: t('admin.recharge.errors.confirmRequired'),
        confirmMismatch: t('admin.recharge.errors.confirmMismatch'),
      }),
    [user.username, t],
  );
  const form = useForm<RechargeFormInput, unknown, RechargeFormOutput>({
    resolver: formResolver(schema),
    defaultValues: { credit: '', remark: '', confirm_username: '' },
  });
  // The credit column of the user list, and the order list that gains the 系统充值 order.
  const refresh = useInvalidate(trpc.user.pathFilter(), trpc.order.pathFilter());
  const recharge = useMutation(
    trpc.order.systemRecharge.mutationOptions({
      onSuccess: async () => {
        toast.success(t('admin.recharge.success'));
        await refresh();
        onClose();
      },
      onError: (e) => reportFormError(form, e, t('admin.recharge.failed')),
    }),
  );

  const ask = (v: RechargeFormOutput) =>
    confirm({
      title: t('admin.recharge.title'),
      description: t('admin.recharge.confirm', { username: user.username, credit: v.credit, name: credit }),
      onConfirm: () => recharge.mutateAsync({ user_id: user.id, credit: v.credit, remark: v.remark }),
    });

  const usernameId = React.useId();
  return (
    <FormDrawer
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('admin.recharge.title')}
      onSubmit={form.handleSubmit(ask)}
      submitting={recharge.isPending}
      submitText={t('admin.recharge.submit')}
    >
      <Field
        label={t('admin.user.username')}
        htmlFor={usernameId}
        hint={t('admin.recharge.balance', { credit: user.credit_count, name: credit })}
      >
        <Input id={usernameId} value={user.username} readOnly disabled />
      </Field>
      <TextField
        form={form}
        name="credit"
        label={credit}
        hint={t('admin.recharge.creditHint')}
        placeholder={t('admin.recharge.creditPlaceholder')}
        type="number"
        inputMode="numeric"
        step={1}
        autoFocus
      />
      <TextareaField
        form={form}
        name="remark"
        label={t('admin.recharge.remark')}
        placeholder={t('admin.recharge.remarkPlaceholder')}
        rows={3}
      />
      <TextField
        form={form}
        name="confirm_username"
        label={t('admin.recharge.confirmUsername')}
        placeholder={t('admin.recharge.confirmPlaceholder')}
        autoComplete="off"
      />
    </FormDrawer>
  );
}
