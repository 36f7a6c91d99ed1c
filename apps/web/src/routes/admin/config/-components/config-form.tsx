import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ConfigDTO, updateConfigInput } from '@wenku/shared';
import { EyeIcon, EyeOffIcon, LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { ImageUpload } from '@/components/admin/image-upload';
import { CheckboxGroup, ColorInput, SelectInput, YesNoSwitch } from '@/components/admin/inputs';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/i18n/react';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { formMessage } from '@/lib/form-message';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { type ConfigRowText, configRowText, parseOptions } from './config-text';

const splitMulti = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** What a page's extra buttons may do to the form: fill a row by name, as if the admin had typed it (unsaved). */
export interface ConfigFormApi {
  setValue: (name: string, value: string) => void;
}

/**
 * A settings form generated from the rows of one category (moredoc-pro-facts §3.1): the front end knows no field
 * names; each row brings its label, hint, input type, options and width. Save sends every row of the category.
 * `actions` draws extra buttons beside save (Pro's `buttons` slot), e.g. one that fetches a certificate into a row.
 */
export function ConfigForm({
  rows,
  footer,
  actions,
}: {
  rows: ConfigDTO[];
  footer?: React.ReactNode;
  actions?: (form: ConfigFormApi) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const textOf = (row: ConfigDTO) => configRowText(row, i18n.language);
  // Server messages quote a row by its Chinese label; English readers see the row's English label instead.
  const labelName = (label: string) => {
    const row = rows.find((r) => r.label === label);
    return row ? textOf(row).label : label;
  };
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = React.useState<Record<string, string>>(() =>
    Object.fromEntries(rows.map((r) => [r.name, r.value])),
  );
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  // Rows the admin edited since the last save keep their edit when fresh rows arrive; the others follow the server
  // (a saved secret comes back masked again).
  const dirty = React.useRef(new Set<string>());
  React.useEffect(() => {
    setValues((prev) =>
      Object.fromEntries(rows.map((r) => [r.name, dirty.current.has(r.name) ? (prev[r.name] ?? r.value) : r.value])),
    );
  }, [rows]);

  const set = (name: string, value: string) => {
    dirty.current.add(name);
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: '' } : e));
  };

  const save = useMutation(
    trpc.system.updateConfig.mutationOptions({
      onSuccess: async () => {
        dirty.current.clear();
        toast.success(t('admin.config.saved'));
        // Public settings (site name, logo, switches) change with the config rows.
        await Promise.all([
          queryClient.invalidateQueries(trpc.system.listConfig.pathFilter()),
          queryClient.invalidateQueries(trpc.system.settings.pathFilter()),
        ]);
      },
      onError: (e) => {
        // Field errors arrive as `category.name`.
        const byName: Record<string, string> = {};
        for (const [field, message] of Object.entries(fieldErrors(e)))
          byName[field.split('.').pop() ?? field] = message;
        setErrors(byName);
        toast.error(errorMessage(e, t('admin.config.failed'), labelName));
      },
    }),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = {
      config: rows.map((r) => ({ id: r.id, category: r.category, name: r.name, value: values[r.name] ?? '' })),
    };
    const parsed = updateConfigInput.safeParse(input);
    if (!parsed.success) {
      toast.error(formMessage(parsed.error.issues[0]?.message) ?? t('admin.config.failed'));
      return;
    }
    save.mutate(input);
  };

  return (
    <form noValidate onSubmit={submit} className="grid max-w-5xl gap-6">
      <div className="grid grid-cols-1 gap-x-6 gap-y-5 md:grid-cols-24">
        {rows.map((row) => {
          const text = textOf(row);
          return (
            <div
              key={row.id}
              className="grid content-start gap-1.5 md:col-span-(--span)"
              style={{ '--span': Math.min(24, Math.max(1, row.col_num || 24)) } as React.CSSProperties}
            >
              <Label htmlFor={`cfg-${row.category}-${row.name}`} className="block leading-snug">
                {text.label || row.name}
                {text.placeholder ? (
                  <span className="ml-1 font-normal text-muted-foreground text-xs">
                    {t('admin.config.hint', { hint: text.placeholder })}
                  </span>
                ) : null}
              </Label>
              <ConfigInput row={row} text={text} value={values[row.name] ?? ''} onChange={(v) => set(row.name, v)} />
              {errors[row.name] ? (
                <p role="alert" className="text-destructive text-sm">
                  {formMessage(errors[row.name])}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <LoaderCircleIcon className="animate-spin" /> : null}
          {t('admin.config.save')}
        </Button>
        {actions?.({ setValue: set })}
        {footer}
      </div>
    </form>
  );
}

function ConfigInput({
  row,
  text,
  value,
  onChange,
}: {
  row: ConfigDTO;
  text: ConfigRowText;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const id = `cfg-${row.category}-${row.name}`;
  switch (row.input_type) {
    case 'switch':
      return <YesNoSwitch id={id} checked={value === 'true'} onChange={(v) => onChange(v ? 'true' : 'false')} />;
    case 'number':
      return <Input id={id} type="number" min={0} step={1} value={value} onChange={(e) => onChange(e.target.value)} />;
    case 'textarea':
      return (
        <Textarea
          id={id}
          rows={5}
          value={value}
          placeholder={text.placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'select': {
      const options = parseOptions(text.options);
      // A stored value outside the options (an older release's choice) stays visible instead of looking empty.
      if (value && !options.some((o) => o.value === value)) options.push({ value, label: value });
      return (
        <SelectInput
          id={id}
          value={value}
          onChange={onChange}
          options={options}
          placeholder={t('admin.common.choose')}
        />
      );
    }
    case 'select-multi':
      return (
        <CheckboxGroup
          idPrefix={id}
          value={splitMulti(value)}
          onChange={(v) => onChange(v.join(','))}
          options={parseOptions(text.options)}
          className="rounded-md border p-3"
        />
      );
    case 'image':
      return <ImageUpload id={id} kind="config" value={value} onChange={onChange} />;
    case 'password':
      return <SecretInput id={id} value={value} onChange={onChange} placeholder={text.placeholder} />;
    case 'color':
      return <ColorInput id={id} value={value} onChange={onChange} placeholder={text.placeholder} />;
    default:
      return <Input id={id} value={value} placeholder={text.placeholder} onChange={(e) => onChange(e.target.value)} />;
  }
}

/**
 * A secret: the server sends `******` instead of the stored value and keeps the stored one when `******` comes back
 * (moredoc-facts §4), so the field is sent untouched unless the admin types a new secret.
 */
function SecretInput({
  id,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = React.useState(false);
  return (
    <div className="relative">
      <Input
        id={id}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        value={value}
        placeholder={placeholder}
        className="pr-10"
        onChange={(e) => onChange(e.target.value)}
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className={cn('absolute top-0 right-0 size-9 text-muted-foreground')}
        aria-label={shown ? t('admin.config.hideSecret') : t('admin.config.showSecret')}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? <EyeOffIcon /> : <EyeIcon />}
      </Button>
    </div>
  );
}
