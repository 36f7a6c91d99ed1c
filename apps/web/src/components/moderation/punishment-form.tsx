import { createPunishmentInput, ROOT_USER_ID } from '@wenku/shared';
import { InfinityIcon } from 'lucide-react';
import * as React from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useEntityForm } from '@/components/admin/entity-form';
import { FormDialog } from '@/components/admin/form-dialog';
import { ControlledField, SwitchField, TextareaField } from '@/components/admin/form-fields';
import { CheckboxGroup, SelectInput } from '@/components/admin/inputs';
import { Field } from '@/components/forms/field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/i18n/areas/moderation';
import { formatDateTime, toDateTimeLocal } from '@/lib/dates';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import {
  END_TIME_PRESETS,
  type EndTimePreset,
  endTimeInput,
  PUNISHMENT_TYPES,
  type PunishmentDTO,
  presetEndTime,
  punishmentTypeKey,
} from './moderation';
import { UserPicker } from './user-picker';

/**
 * The punishment form: the shared create schema (ARCHITECTURE.md rule 11) with the end time as the local
 * `datetime-local` text; an empty end time is permanent.
 */
const punishmentFormSchema = createPunishmentInput.omit({ end_time: true }).extend({
  end_time: z.string().refine((v) => endTimeInput(v) !== undefined, 'moderation.invalid_end_time'),
});

/** What another page knows when it opens the form (the report list: the reported item's owner and why). */
export interface PunishmentPrefill {
  user_id?: number[];
  type?: number[];
  reason?: string;
  remark?: string;
}

const NEVER_OFFERED = [ROOT_USER_ID];

/**
 * 新增处罚 (several members × several types, moredoc-facts §13) or 编辑处罚 (one row: its type, state, reason, remark
 * and end). Opened by the punishments page and, prefilled with the author, by the reports page.
 */
export function PunishmentFormDialog({
  punishment,
  prefill,
  onClose,
  onSaved,
}: {
  /** The row to edit; without it the form creates. */
  punishment?: PunishmentDTO | null;
  prefill?: PunishmentPrefill;
  onClose: () => void;
  /** After a successful save (the dialog closes by itself). */
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const editing = !!punishment;
  const { form, shellProps } = useEntityForm({
    schema: punishmentFormSchema,
    defaultValues: punishment
      ? {
          user_id: [punishment.user_id],
          type: [punishment.type],
          enable: punishment.enable,
          reason: punishment.reason,
          remark: punishment.remark,
          end_time: toDateTimeLocal(punishment.end_time),
        }
      : {
          user_id: (prefill?.user_id ?? []).filter((id) => id !== ROOT_USER_ID),
          type: prefill?.type ?? [],
          enable: true,
          reason: prefill?.reason ?? '',
          remark: prefill?.remark ?? '',
          end_time: '',
        },
    save: (v) => {
      const end_time = endTimeInput(v.end_time) ?? null;
      return punishment
        ? client.punishment.update.mutate({
            id: punishment.id,
            type: v.type[0],
            enable: v.enable,
            reason: v.reason,
            remark: v.remark,
            end_time,
          })
        : client.punishment.create.mutate({ ...v, end_time });
    },
    successText: editing ? t('moderation.punishments.saved') : t('moderation.punishments.created'),
    invalidate: [trpc.punishment.pathFilter()],
    onClose,
    onSaved: () => {
      onSaved?.();
      onClose();
    },
  });
  const typeOptions = PUNISHMENT_TYPES.map((n) => ({ value: String(n), label: t(punishmentTypeKey(n)) }));

  return (
    <FormDialog
      {...shellProps}
      title={editing ? t('moderation.punishments.edit') : t('moderation.punishments.create')}
      submitText={editing ? t('save') : t('submit')}
    >
      {punishment ? (
        <Field label={t('moderation.form.users')}>
          <p className="flex h-9 items-center rounded-md border bg-muted/40 px-3 text-sm">
            {punishment.username || `#${punishment.user_id}`}
          </p>
        </Field>
      ) : (
        <ControlledField
          form={form}
          name="user_id"
          label={t('moderation.form.users')}
          hint={t('moderation.form.usersHint')}
          render={(field, id) => (
            <UserPicker
              id={id}
              value={(field.value as number[] | undefined) ?? []}
              onChange={field.onChange}
              exclude={NEVER_OFFERED}
              aria-invalid={!!form.formState.errors.user_id}
            />
          )}
        />
      )}
      <ControlledField
        form={form}
        name="type"
        label={editing ? t('moderation.punishments.type') : t('moderation.form.types')}
        hint={editing ? undefined : t('moderation.form.typesHint')}
        render={(field, id) => {
          const value = ((field.value as number[] | undefined) ?? []).map(String);
          return editing ? (
            <SelectInput id={id} value={value[0]} onChange={(v) => field.onChange([Number(v)])} options={typeOptions} />
          ) : (
            <CheckboxGroup
              idPrefix={id}
              value={value}
              onChange={(v) => field.onChange(v.map(Number))}
              options={typeOptions}
              className="grid grid-cols-2 gap-x-4 sm:grid-cols-3"
            />
          );
        }}
      />
      <EndTimeField form={form} />
      <TextareaField
        form={form}
        name="reason"
        label={t('moderation.form.reason')}
        placeholder={t('moderation.form.reasonPlaceholder')}
        rows={2}
      />
      <TextareaField
        form={form}
        name="remark"
        label={t('moderation.form.remark')}
        placeholder={t('moderation.form.remarkPlaceholder')}
        rows={2}
      />
      <SwitchField
        form={form}
        name="enable"
        label={t('moderation.form.enable')}
        hint={t('moderation.form.enableHint')}
      />
    </FormDialog>
  );
}

type PunishmentForm = UseFormReturn<
  z.input<typeof punishmentFormSchema>,
  unknown,
  z.output<typeof punishmentFormSchema>
>;

/** 结束时间: the quick picks (from now), 永久, and a date-time box for any other end. */
function EndTimeField({ form }: { form: PunishmentForm }) {
  const { t } = useTranslation();
  const value = useWatch({ control: form.control, name: 'end_time' }) ?? '';
  // The pick last used, highlighted while the box still holds the time it set.
  const [preset, setPreset] = React.useState<{ key: EndTimePreset; value: string } | null>(null);
  const end = endTimeInput(value);
  const past = typeof end === 'string' && new Date(end).getTime() <= Date.now();
  const hint = !value
    ? t('moderation.form.endTimeHint')
    : end
      ? t('moderation.form.until', { time: formatDateTime(end) })
      : undefined;
  return (
    <ControlledField
      form={form}
      name="end_time"
      label={t('moderation.form.endTime')}
      hint={past ? <span className="text-warning">{t('moderation.form.endTimePast')}</span> : hint}
      render={(field, id) => (
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-1.5">
            {END_TIME_PRESETS.map((key) => {
              const on = preset?.key === key && preset.value === field.value;
              return (
                <Button
                  key={key}
                  type="button"
                  size="sm"
                  variant={on ? 'default' : 'outline'}
                  className="h-7 px-2.5 text-xs"
                  aria-pressed={on}
                  onClick={() => {
                    const next = toDateTimeLocal(presetEndTime(key, new Date()));
                    setPreset({ key, value: next });
                    field.onChange(next);
                  }}
                >
                  {t(`moderation.form.presets.${key}`)}
                </Button>
              );
            })}
            <Button
              type="button"
              size="sm"
              variant={field.value ? 'outline' : 'default'}
              className="h-7 px-2.5 text-xs"
              aria-pressed={!field.value}
              onClick={() => {
                setPreset(null);
                field.onChange('');
              }}
            >
              <InfinityIcon />
              {t('moderation.form.permanent')}
            </Button>
          </div>
          <Input
            id={id}
            type="datetime-local"
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            aria-invalid={!!form.formState.errors.end_time}
            className={cn('sm:max-w-64', !field.value && 'text-muted-foreground')}
          />
        </div>
      )}
    />
  );
}
