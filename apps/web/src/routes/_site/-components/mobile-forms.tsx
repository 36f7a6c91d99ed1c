import { useMutation } from '@tanstack/react-query';
import { type AuthDTO, loginMobileInput, registerMobileFormSchema } from '@wenku/shared';
import { SmartphoneIcon } from 'lucide-react';
import type * as React from 'react';
import { useCallback, useState } from 'react';
import { type FieldValues, type Path, type PathValue, type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { type CaptchaChallenge, useCaptchaChallenge } from '@/components/forms/captcha-challenge';
import { Field } from '@/components/forms/field';
import { formFields, InputField } from '@/components/forms/input-field';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/form-controls';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/i18n/areas/account';
import { formResolver } from '@/lib/form-resolver';
import { useTRPC } from '@/lib/trpc';
import { useAuthFlow } from './auth-flow';
import { CaptchaField } from './captcha-field';
import { SmsCodeField, SmsPurpose, type SmsPurposeValue, type SmsRequest } from './sms-code';

/** The form's captcha goes with the send request only; the final submit needs none (the code proves the number). */
export const captchaFields = {
  captcha: z.string().trim().max(16).optional().default(''),
  captcha_id: z.string().max(64).optional().default(''),
};

type SmsFormValues = FieldValues & { mobile: string; captcha?: string; captcha_id?: string };
/** The shared field names of the mobile forms, as react-hook-form types them for a given form. */
const field = <V extends FieldValues>(name: 'mobile' | 'captcha' | 'captcha_id') => name as Path<V>;

/**
 * The two things every mobile form does around the send button: check the number and the captcha before sending
 * (moredoc-pro-facts §8.2: 请输入正确的手机号码, 请输入验证码), and show a fresh captcha afterwards.
 */
export function useSmsRequest<V extends SmsFormValues>(
  form: UseFormReturn<V, unknown, unknown>,
  captcha: { on: boolean; refetch: () => unknown },
) {
  const { on: captchaOn, refetch } = captcha;
  const request = useCallback(async (): Promise<SmsRequest> => {
    if (!(await form.trigger(field<V>('mobile')))) return null;
    const v = form.getValues();
    const answer = String(v.captcha ?? '').trim();
    if (captchaOn && !answer) {
      form.setError(field<V>('captcha'), { message: 'captcha.required' });
      return null;
    }
    return { mobile: String(v.mobile).trim(), captcha: answer, captcha_id: String(v.captcha_id ?? '') };
  }, [form, captchaOn]);
  const afterSend = useCallback(() => {
    if (!captchaOn) return;
    form.setValue(field<V>('captcha'), '' as PathValue<V, Path<V>>);
    void refetch();
  }, [form, captchaOn, refetch]);
  const setCaptchaId = useCallback(
    (id: string) => form.setValue(field<V>('captcha_id'), id as PathValue<V, Path<V>>),
    [form],
  );
  return { request, afterSend, setCaptchaId };
}

/** A field's error and registered input props (`formFields(form).field(name)`). */
type FieldProps = { error?: string; inputProps: React.ComponentProps<'input'> };

/**
 * The number, the captcha when it is on, and the SMS code: the fields the mobile login, registration and password
 * reset share (`ids` name the number and code inputs).
 */
export function MobileCodeFields({
  ids,
  purpose,
  captchaOn,
  captcha,
  sms,
  field,
  disabled,
  onSent,
}: {
  ids: { mobile: string; code: string };
  purpose: SmsPurposeValue;
  captchaOn: boolean;
  captcha: CaptchaChallenge;
  sms: ReturnType<typeof useSmsRequest>;
  field: (name: 'mobile' | 'captcha' | 'code') => FieldProps;
  disabled?: boolean;
  onSent?: (answer: { is_registered: boolean }) => void;
}) {
  return (
    <>
      <MobileInput id={ids.mobile} {...field('mobile')} />
      {captchaOn ? <CaptchaField captcha={captcha} onId={sms.setCaptchaId} {...field('captcha')} /> : null}
      <SmsCodeField
        id={ids.code}
        type={purpose}
        {...field('code')}
        request={sms.request}
        afterSend={sms.afterSend}
        onSent={onSent}
        disabled={disabled}
      />
    </>
  );
}

export function MobileInput({
  id,
  error,
  inputProps,
}: {
  id: string;
  error?: string;
  inputProps: React.ComponentProps<'input'>;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('auth.sms.mobile')} htmlFor={id} error={error}>
      <div className="relative">
        <SmartphoneIcon className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground" />
        <Input
          id={id}
          type="tel"
          autoComplete="tel"
          inputMode="numeric"
          maxLength={11}
          placeholder={t('auth.sms.mobilePlaceholder')}
          aria-invalid={!!error}
          className="h-10 pl-9"
          {...inputProps}
        />
      </div>
    </Field>
  );
}

const loginFormSchema = loginMobileInput.extend(captchaFields);
type LoginValues = z.input<typeof loginFormSchema>;
type LoginOutput = z.output<typeof loginFormSchema>;

/**
 * 短信登录 (moredoc-pro-facts §8.3): number, captcha when the login captcha is on, SMS code. When the send answer says
 * the number is unknown, the form warns that signing in creates an account with a random password (never the code).
 * A new account awaiting review gets no token: the form says so instead of signing in.
 */
export function LoginMobileForm({
  captchaOn,
  redirect,
  submitLabel,
  onAuth,
}: {
  captchaOn: boolean;
  redirect: string | undefined;
  /** The third-party binding's button text and what it does with the new session (moredoc-pro-facts §7.4). */
  submitLabel?: string;
  onAuth?: (auth: AuthDTO) => Promise<void>;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const captcha = useCaptchaChallenge('login', captchaOn);
  const [unregistered, setUnregistered] = useState(false);
  const form = useForm<LoginValues, unknown, LoginOutput>({
    resolver: formResolver(loginFormSchema),
    defaultValues: { mobile: '', code: '', captcha: '', captcha_id: '' },
  });
  const flow = useAuthFlow({ form, captcha: { on: false, refetch: captcha.refetch }, redirect, onAuth });
  const sms = useSmsRequest(form, { on: captchaOn, refetch: captcha.refetch });
  const login = useMutation(
    trpc.sms.loginMobile.mutationOptions({
      async onSuccess(auth) {
        if (!auth.token) {
          toast.success(t('auth.register.pendingReview'));
          return;
        }
        await flow.signedIn(auth, t('auth.login.success'), '/me');
      },
      onError(e) {
        flow.failed(e, t('error.login'));
      },
    }),
  );
  const { field } = formFields(form);

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={form.handleSubmit(({ mobile, code }) => login.mutate({ mobile, code }))}
    >
      {unregistered ? (
        <Alert variant="warning" role="status">
          <AlertDescription className="text-foreground">{t('auth.sms.autoRegister')}</AlertDescription>
        </Alert>
      ) : null}
      <MobileCodeFields
        ids={{ mobile: 'sms-login-mobile', code: 'sms-login-code' }}
        purpose={SmsPurpose.Login}
        captchaOn={captchaOn}
        captcha={captcha}
        sms={sms}
        field={field}
        onSent={(answer) => setUnregistered(!answer.is_registered)}
      />
      <Button type="submit" className="mt-1 h-10 w-full" disabled={login.isPending}>
        {login.isPending ? t('auth.login.submitting') : (submitLabel ?? t('auth.login.submit'))}
      </Button>
    </form>
  );
}

const registerFormSchema = registerMobileFormSchema;
type RegisterValues = z.input<typeof registerFormSchema>;
type RegisterOutput = z.output<typeof registerFormSchema>;

/**
 * 手机注册 (moredoc-pro-facts §8.3): number, captcha when the register captcha is on, SMS code, and a password only
 * when 设置密码 is ticked (else a random one: the member sets it later in the profile). Closed registration disables
 * sending and submitting.
 */
export function RegisterMobileForm({
  open,
  captchaOn,
  redirect,
  onAwaitingReview,
  submitLabel,
  onAuth,
}: {
  open: boolean;
  captchaOn: boolean;
  redirect: string | undefined;
  onAwaitingReview: () => void;
  submitLabel?: string;
  onAuth?: (auth: AuthDTO) => Promise<void>;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const captcha = useCaptchaChallenge('register', open && captchaOn);
  const form = useForm<RegisterValues, unknown, RegisterOutput>({
    resolver: formResolver(registerFormSchema),
    defaultValues: { mobile: '', code: '', password: '', set_password: false, captcha: '', captcha_id: '' },
  });
  const flow = useAuthFlow({ form, captcha: { on: false, refetch: captcha.refetch }, redirect, onAuth });
  const sms = useSmsRequest(form, { on: open && captchaOn, refetch: captcha.refetch });
  const setPassword = form.watch('set_password');
  const register = useMutation(
    trpc.sms.registerMobile.mutationOptions({
      async onSuccess(auth) {
        if (!auth.token) {
          onAwaitingReview();
          return;
        }
        await flow.signedIn(auth, t('auth.register.success'), '/');
      },
      onError(e) {
        flow.failed(e, t('error.register'));
      },
    }),
  );
  const { field } = formFields(form);

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={form.handleSubmit((v) =>
        register.mutate({ mobile: v.mobile, code: v.code, password: v.set_password ? (v.password ?? '') : '' }),
      )}
    >
      {!open ? (
        <p className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-center text-sm" role="alert">
          {t('auth.register.disabled')}
        </p>
      ) : (
        <Alert variant="info" role="status">
          <AlertDescription className="text-foreground">
            <p>
              {t('auth.sms.registerAlert')}{' '}
              <span className="inline-flex items-center gap-1.5 align-middle">
                <Checkbox
                  id="sms-register-set-password"
                  checked={setPassword}
                  onCheckedChange={(v) => form.setValue('set_password', v === true)}
                />
                <label htmlFor="sms-register-set-password" className="cursor-pointer font-medium text-primary">
                  {t('auth.sms.setPassword')}
                </label>
              </span>
            </p>
          </AlertDescription>
        </Alert>
      )}
      <fieldset disabled={!open} className="grid gap-4 disabled:opacity-70">
        <MobileCodeFields
          ids={{ mobile: 'sms-register-mobile', code: 'sms-register-code' }}
          purpose={SmsPurpose.Register}
          captchaOn={open && captchaOn}
          captcha={captcha}
          sms={sms}
          field={field}
          disabled={!open}
        />
        {setPassword ? (
          <InputField
            id="sms-register-password"
            label={t('auth.sms.password')}
            type="password"
            autoComplete="new-password"
            placeholder={t('auth.sms.passwordPlaceholder')}
            {...field('password')}
          />
        ) : null}
      </fieldset>
      <Button type="submit" className="mt-1 h-10 w-full" disabled={!open || register.isPending}>
        {register.isPending ? t('auth.register.submitting') : (submitLabel ?? t('auth.register.submit'))}
      </Button>
    </form>
  );
}
