import { useMutation } from '@tanstack/react-query';
import { firstPasswordFormSchema, passwordFormSchema } from '@wenku/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/i18n/areas/account';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { formMessage } from '@/lib/form-message';
import { formResolver } from '@/lib/form-resolver';
import { session } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { Field } from './field';

type Values = z.input<typeof passwordFormSchema>;

/**
 * The password form of spec §2/§5: username read-only, every field required; when the new password and its
 * confirmation differ the form says so and sends nothing. The server revokes older tokens and returns a new one.
 */
export function PasswordForm({
  username,
  onDone,
  firstPassword = false,
}: {
  username: string;
  onDone?: () => void;
  /** A mobile sign-up without a chosen password: no old password field. */
  firstPassword?: boolean;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const form = useForm<Values>({
    resolver: formResolver(firstPassword ? firstPasswordFormSchema : passwordFormSchema),
    defaultValues: { username, old_password: '', new_password: '', repeat_password: '' },
  });
  const save = useMutation(
    trpc.user.updatePassword.mutationOptions({
      onSuccess(res) {
        if (res.token) session.setToken(res.token);
        const user = session.get().user;
        if (user?.password_set === false) session.setUser({ ...user, password_set: true });
        toast.success(t('auth.password.success'));
        form.reset({ username, old_password: '', new_password: '', repeat_password: '' });
        onDone?.();
      },
      onError(e) {
        for (const [field, message] of Object.entries(fieldErrors(e)))
          form.setError(field as keyof Values, { message });
        toast.error(errorMessage(e));
      },
    }),
  );
  const err = (name: keyof Values) => formMessage(form.formState.errors[name]?.message);
  return (
    <form
      className="grid max-w-md gap-4"
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutate({ old_password: v.old_password, new_password: v.new_password }))}
    >
      <Field label={t('auth.password.username')} htmlFor="pw-username">
        <Input id="pw-username" readOnly {...form.register('username')} />
      </Field>
      {firstPassword ? null : (
        <Field label={t('auth.password.old')} htmlFor="pw-old" error={err('old_password')}>
          <Input
            id="pw-old"
            type="password"
            autoComplete="current-password"
            aria-invalid={!!err('old_password')}
            {...form.register('old_password')}
          />
        </Field>
      )}
      <Field label={t('auth.password.new')} htmlFor="pw-new" error={err('new_password')}>
        <Input
          id="pw-new"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!err('new_password')}
          {...form.register('new_password')}
        />
      </Field>
      <Field label={t('auth.password.confirm')} htmlFor="pw-confirm" error={err('repeat_password')}>
        <Input
          id="pw-confirm"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!err('repeat_password')}
          {...form.register('repeat_password')}
        />
      </Field>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t('auth.password.submit')}
        </Button>
      </div>
    </form>
  );
}
