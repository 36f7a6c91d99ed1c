import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';
import { type FieldError, type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { formMessage } from '@/lib/reasons';
import { cn } from '@/lib/utils';
import { Field } from './field';

/**
 * A form's field helpers: `err(name)` the worded error of a field, `field(name)` its error and registered input props
 * as the field components (`InputField`, the captcha, the SMS code) take them.
 */
export function formFields<V extends FieldValues, C, O>(form: UseFormReturn<V, C, O>) {
  const errors = form.formState.errors;
  const err = (name: Path<V>) => formMessage((get(errors, name) as FieldError | undefined)?.message);
  const field = (name: Path<V>) => ({ error: err(name), inputProps: form.register(name) });
  return { err, field };
}

/** A labelled input (sign-in, sign-up, password forms): marked invalid while its error shows, an icon inside if given. */
export function InputField({
  id,
  label,
  hint,
  icon: Icon,
  error,
  type,
  autoComplete,
  placeholder,
  className = 'h-10',
  inputProps,
}: {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  icon?: LucideIcon;
  error?: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  className?: string;
  inputProps: React.ComponentProps<'input'>;
}) {
  const input = (
    <Input
      id={id}
      type={type}
      autoComplete={autoComplete}
      placeholder={placeholder}
      aria-invalid={!!error}
      className={cn(className, Icon && 'pl-9')}
      {...inputProps}
    />
  );
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      {Icon ? (
        <div className="relative">
          <Icon className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground" />
          {input}
        </div>
      ) : (
        input
      )}
    </Field>
  );
}
