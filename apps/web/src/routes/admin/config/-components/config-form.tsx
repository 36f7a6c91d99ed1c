import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ConfigDTO, updateConfigInput } from '@wenku/shared';
import { EyeIcon, EyeOffIcon, LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ImageUpload } from '@/components/admin/image-upload';
import { CheckboxGroup, ColorInput, type Option, SelectInput, YesNoSwitch } from '@/components/admin/inputs';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { useTRPC } from '@/lib/trpc';
import { cn } from '@/lib/utils';

/** `options` of a settings row: one `key:label` per line; a line without a colon is both (moredoc-facts §4). */
export function parseOptions(options: string): Option[] {
  return options
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const i = l.indexOf(':');
      return i === -1 ? { value: l, label: l } : { value: l.slice(0, i).trim(), label: l.slice(i + 1).trim() };
    });
}

const splitMulti = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * A settings form generated from the rows of one category (moredoc-pro-facts §3.1): the front end knows no field
 * names; each row brings its label, hint, input type, options and width. Save sends every row of the category.
 */
export function ConfigForm({ rows, footer }: { rows: ConfigDTO[]; footer?: React.ReactNode }) {
  const { t } = useTranslation();
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
        toast.error(errorMessage(e, t('admin.config.failed')));
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
      toast.error(parsed.error.issues[0]?.message ?? t('admin.config.failed'));
      return;
    }
    save.mutate(input);
  };

  return (
    <form noValidate onSubmit={submit} className="grid max-w-5xl gap-6">
      <div className="grid grid-cols-1 gap-x-6 gap-y-5 md:grid-cols-24">
        {rows.map((row) => (
          <div
            key={row.id}
            className="grid content-start gap-1.5 md:col-span-(--span)"
            style={{ '--span': Math.min(24, Math.max(1, row.col_num || 24)) } as React.CSSProperties}
          >
            <Label htmlFor={`cfg-${row.category}-${row.name}`} className="block leading-snug">
              {row.label || row.name}
              {row.placeholder ? (
                <span className="ml-1 font-normal text-muted-foreground text-xs">（{row.placeholder}）</span>
              ) : null}
            </Label>
            <ConfigInput row={row} value={values[row.name] ?? ''} onChange={(v) => set(row.name, v)} />
            {errors[row.name] ? (
              <p role="alert" className="text-destructive text-sm">
                {errors[row.name]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <LoaderCircleIcon className="animate-spin" /> : null}
          {t('admin.config.save')}
        </Button>
        {footer}
      </div>
    </form>
  );
}

function ConfigInput({ row, value, onChange }: { row: ConfigDTO; value: string; onChange: (v: string) => void }) {
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
          placeholder={row.placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'select': {
      const options = parseOptions(row.options);
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
          options={parseOptions(row.options)}
          className="rounded-md border p-3"
        />
      );
    case 'image':
      return <ImageUpload id={id} kind="config" value={value} onChange={onChange} />;
    case 'password':
      return <SecretInput id={id} value={value} onChange={onChange} placeholder={row.placeholder} />;
    case 'color':
      return <ColorInput id={id} value={value} onChange={onChange} placeholder={row.placeholder} />;
    default:
      return <Input id={id} value={value} placeholder={row.placeholder} onChange={(e) => onChange(e.target.value)} />;
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
