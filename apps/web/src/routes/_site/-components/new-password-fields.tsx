import { InputField } from '@/components/forms/input-field';
import { useTranslation } from '@/i18n/areas/account';

/** A field's error and registered input props (`formFields(form).field(name)`). */
type FieldProps = { error?: string; inputProps: React.ComponentProps<'input'> };

/**
 * The new password and its repetition, of the e-mail registration and of the password reset: ids `<idPrefix>-password`
 * and `<idPrefix>-repassword`, texts `<ns>.password`, `<ns>.repassword` and their placeholders.
 */
export function NewPasswordFields({
  idPrefix,
  ns,
  field,
}: {
  idPrefix: string;
  ns: 'auth.register' | 'auth.findPassword';
  field: (name: 'password' | 'repassword') => FieldProps;
}) {
  const { t } = useTranslation();
  return (
    <>
      {(['password', 'repassword'] as const).map((name) => (
        <InputField
          key={name}
          id={`${idPrefix}-${name}`}
          label={t(`${ns}.${name}`)}
          type="password"
          autoComplete="new-password"
          placeholder={t(`${ns}.${name}Placeholder`)}
          {...field(name)}
        />
      ))}
    </>
  );
}
