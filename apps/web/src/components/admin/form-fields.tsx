import * as React from 'react';
import {
  Controller,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useFormState,
} from 'react-hook-form';
import { Field } from '@/components/forms/field';
import { Input, Textarea } from '@/components/ui/input';
import { useTranslation } from '@/i18n/react';
import type { ImageKind } from '@/lib/upload';
import { errorOf } from './form-errors';
import { ImageUpload } from './image-upload';
import { ColorInput, type Option, SelectInput, YesNoSwitch } from './inputs';

/**
 * Labelled fields of the admin forms, bound to a react-hook-form form by name (typed by the form's values): each
 * shows its control, then the field's error (translated, see errorOf) or else its hint. The label points at the
 * control through a generated id.
 */
interface FieldProps<V extends FieldValues, O> {
  form: UseFormReturn<V, unknown, O>;
  name: Path<V>;
  label: React.ReactNode;
  hint?: React.ReactNode;
}

/** The control's id and the field's current error message. */
function useField<V extends FieldValues, O>(form: UseFormReturn<V, unknown, O>, name: Path<V>) {
  const id = React.useId();
  const { errors } = useFormState({ control: form.control, name });
  return { id, error: errorOf(errors, name) };
}

type InputProps = Pick<
  React.ComponentProps<'input'>,
  'type' | 'placeholder' | 'autoComplete' | 'inputMode' | 'autoFocus' | 'step'
>;

export function TextField<V extends FieldValues, O>({
  form,
  name,
  label,
  hint,
  ...input
}: FieldProps<V, O> & InputProps) {
  const { id, error } = useField(form, name);
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <Input id={id} aria-invalid={!!error} {...input} {...form.register(name)} />
    </Field>
  );
}

export function TextareaField<V extends FieldValues, O>({
  form,
  name,
  label,
  hint,
  rows,
  placeholder,
}: FieldProps<V, O> & { rows: number; placeholder?: string }) {
  const { id, error } = useField(form, name);
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <Textarea id={id} rows={rows} placeholder={placeholder} aria-invalid={!!error} {...form.register(name)} />
    </Field>
  );
}

/** The 排序 field of sortable entities (larger first). */
export function SortField<V extends FieldValues & { sort?: unknown }, O>({
  form,
}: {
  form: UseFormReturn<V, unknown, O>;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      form={form}
      name={'sort' as Path<V>}
      label={t('admin.common.sort')}
      hint={t('admin.common.sortHint')}
      type="number"
      step={1}
    />
  );
}

/** The 描述 field most entities have. */
export function DescriptionField<V extends FieldValues & { description?: unknown }, O>({
  form,
  rows,
}: {
  form: UseFormReturn<V, unknown, O>;
  rows: number;
}) {
  const { t } = useTranslation();
  return (
    <TextareaField form={form} name={'description' as Path<V>} label={t('admin.common.description')} rows={rows} />
  );
}

/** A field drawn by `render` from react-hook-form's controller (selects, switches, uploads, pickers). */
export function ControlledField<V extends FieldValues, O, N extends Path<V> = Path<V>>({
  form,
  name,
  label,
  hint,
  render,
}: Omit<FieldProps<V, O>, 'name'> & {
  name: N;
  /** Draws the control; `id` belongs on the element the label names. */
  render: (field: ControllerRenderProps<V, N>, id: string) => React.ReactElement;
}) {
  const { id, error } = useField(form, name);
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <Controller control={form.control} name={name} render={({ field }) => render(field, id)} />
    </Field>
  );
}

/** A yes/no switch (启用 and the other flags). */
export function SwitchField<V extends FieldValues, O>(props: FieldProps<V, O>) {
  return (
    <ControlledField
      {...props}
      render={(field, id) => <YesNoSwitch id={id} checked={field.value === true} onChange={field.onChange} />}
    />
  );
}

/** A select over numeric values (types, parents, statuses): the form keeps the number. */
export function NumberSelectField<V extends FieldValues, O>({
  options,
  disabled,
  ...props
}: FieldProps<V, O> & { options: readonly Option[]; disabled?: boolean }) {
  return (
    <ControlledField
      {...props}
      render={(field, id) => (
        <SelectInput
          id={id}
          disabled={disabled}
          value={String(field.value ?? 0)}
          onChange={(v) => field.onChange(Number(v))}
          options={options}
        />
      )}
    />
  );
}

/** An uploaded image whose path is the value. */
export function ImageField<V extends FieldValues, O>({
  kind,
  previewClassName,
  ...props
}: FieldProps<V, O> & { kind: ImageKind; previewClassName: string }) {
  return (
    <ControlledField
      {...props}
      render={(field, id) => (
        <ImageUpload
          id={id}
          kind={kind}
          value={field.value}
          onChange={field.onChange}
          previewClassName={previewClassName}
        />
      )}
    />
  );
}

export function ColorField<V extends FieldValues, O>(props: FieldProps<V, O>) {
  return (
    <ControlledField
      {...props}
      render={(field, id) => <ColorInput id={id} value={field.value} onChange={field.onChange} />}
    />
  );
}
