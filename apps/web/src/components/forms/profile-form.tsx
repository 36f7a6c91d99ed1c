import { useMutation, useQuery } from '@tanstack/react-query';
import { profileFormSchema, type UserDTO } from '@wenku/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { settingBool } from '@/components/layout/site-settings';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { useTranslation } from '@/i18n/areas/account';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { formMessage } from '@/lib/form-message';
import { formResolver } from '@/lib/form-resolver';
import { session } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { EmailCodeField, useEmailCodeSender } from './email-code-field';
import { Field } from './field';

type Values = z.input<typeof profileFormSchema>;

/**
 * The profile form of spec §2/§5: username required (checked on blur), e-mail must be valid, e-mail and phone are
 * read-only once set. Binding an address asks for a mailed code when the site verifies addresses. Used on
 * /me/profile and in the admin top-bar drawer.
 */
export function ProfileForm({ user, onSaved }: { user: UserDTO; onSaved?: (u: UserDTO) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const form = useForm<Values>({
    resolver: formResolver(profileFormSchema),
    mode: 'onBlur',
    defaultValues: {
      username: user.username,
      realname: user.realname,
      identity: user.identity,
      email: user.email,
      mobile: user.mobile,
      address: user.address,
      signature: user.signature,
      email_code: '',
    },
  });
  const settings = useQuery(trpc.system.settings.queryOptions());
  const emailLocked = user.email !== '';
  const mobileLocked = user.mobile !== '';
  const verifyEmail =
    !emailLocked && !!settings.data && settingBool(settings.data, 'security', 'enable_verify_register_email');
  const { send: sendCode, seconds } = useEmailCodeSender();
  const requestCode = async () => {
    const email = form.getValues('email')?.trim() ?? '';
    if (!email) {
      form.setError('email', { message: t('auth.profile.emailFirst') });
      return;
    }
    if (!(await form.trigger('email'))) return;
    sendCode.mutate({ email, type: 'bind', captcha: '', captcha_id: '' });
  };
  const save = useMutation(
    trpc.user.updateProfile.mutationOptions({
      onSuccess(updated) {
        session.setUser(updated);
        toast.success(t('auth.profile.success'));
        onSaved?.(updated);
      },
      onError(e) {
        for (const [field, message] of Object.entries(fieldErrors(e))) {
          form.setError(field as keyof Values, { message });
        }
        toast.error(errorMessage(e, t('auth.profile.failed')));
      },
    }),
  );
  const err = (name: keyof Values) => formMessage(form.formState.errors[name]?.message);
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={form.handleSubmit(({ username: _u, ...values }) => {
        save.mutate({
          ...values,
          email: emailLocked ? undefined : values.email,
          email_code: verifyEmail && values.email ? values.email_code : undefined,
          mobile: mobileLocked ? undefined : values.mobile,
        });
      })}
    >
      <Field label={t('auth.profile.username')} htmlFor="pf-username" error={err('username')}>
        <Input id="pf-username" readOnly aria-invalid={!!err('username')} {...form.register('username')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('auth.profile.realname')} htmlFor="pf-realname" error={err('realname')}>
          <Input id="pf-realname" {...form.register('realname')} />
        </Field>
        <Field label={t('auth.profile.identity')} htmlFor="pf-identity" error={err('identity')}>
          <Input id="pf-identity" {...form.register('identity')} />
        </Field>
        <Field
          label={t('auth.profile.email')}
          htmlFor="pf-email"
          error={err('email')}
          hint={emailLocked ? t('auth.profile.lockedHint') : undefined}
        >
          <Input
            id="pf-email"
            type="email"
            disabled={emailLocked}
            aria-invalid={!!err('email')}
            {...form.register('email')}
          />
        </Field>
        {verifyEmail ? (
          <EmailCodeField
            id="pf-email-code"
            error={err('email_code')}
            hint={t('auth.profile.emailCodeHint')}
            inputProps={form.register('email_code')}
            onSend={() => void requestCode()}
            sending={sendCode.isPending}
            seconds={seconds}
          />
        ) : null}
        <Field
          label={t('auth.profile.mobile')}
          htmlFor="pf-mobile"
          error={err('mobile')}
          hint={mobileLocked ? t('auth.profile.lockedHint') : undefined}
        >
          <Input
            id="pf-mobile"
            inputMode="tel"
            disabled={mobileLocked}
            aria-invalid={!!err('mobile')}
            {...form.register('mobile')}
          />
        </Field>
      </div>
      <Field label={t('auth.profile.address')} htmlFor="pf-address" error={err('address')}>
        <Input id="pf-address" {...form.register('address')} />
      </Field>
      <Field label={t('auth.profile.signature')} htmlFor="pf-signature" error={err('signature')}>
        <Textarea id="pf-signature" rows={3} {...form.register('signature')} />
      </Field>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t('auth.profile.submit')}
        </Button>
      </div>
    </form>
  );
}
