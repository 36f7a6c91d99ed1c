import { Link } from '@tanstack/react-router';
import { DocumentStatus } from '@wenku/shared';
import { CloudUploadIcon, FilePlusIcon, FolderUpIcon, LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { Controller } from 'react-hook-form';
import { CategoryCascader } from '@/components/documents/category-cascader';
import { LanguageSelect } from '@/components/documents/language-select';
import { DocumentStatusBadge } from '@/components/documents/status-badge';
import { type UploadItem, UploadItemRow } from '@/components/documents/upload-item-row';
import { useDocumentCategoryTree, useDocumentSettings } from '@/components/documents/use-document-data';
import { Field } from '@/components/forms/field';
import { SmartLink } from '@/components/layout/smart-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/form-controls';
import { Input, Textarea } from '@/components/ui/input';
import { useTranslation } from '@/i18n/areas/account';
import { cn } from '@/lib/utils';
import type { SharedInput } from './shared-schema';
import type { UploadForm } from './use-upload-queue';

type FieldError = (name: keyof SharedInput) => string | undefined;

/** A numbered step of the form: a card with its title. */
function StepCard({
  n,
  title,
  gap = 'gap-4',
  children,
}: {
  n: number;
  title: string;
  gap?: 'gap-3' | 'gap-4';
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <span className="flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground text-xs">
            {n}
          </span>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className={cn('grid', gap)}>{children}</CardContent>
    </Card>
  );
}

/** What the last run created, with their review state. */
export function UploadResults({
  done,
  resultsRef,
  onClear,
}: {
  done: UploadItem[];
  resultsRef: React.Ref<HTMLDivElement>;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card data-testid="upload-results" ref={resultsRef} className="scroll-mt-20 border-success/40">
      <CardHeader>
        <CardTitle>{t('documents.upload.resultsTitle', { count: done.length })}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-2">
          {done.map((it) =>
            it.doc ? (
              <li key={it.key} className="flex flex-wrap items-center gap-2 text-sm">
                <Link
                  to="/document/$id"
                  params={{ id: it.doc.uuid || String(it.doc.id) }}
                  className="min-w-0 truncate font-medium text-primary hover:underline"
                >
                  {it.doc.title}
                </Link>
                <DocumentStatusBadge status={it.doc.status} />
                <span className="text-muted-foreground text-xs">
                  {it.doc.status === DocumentStatus.PendingReview
                    ? t('documents.upload.awaitingReview')
                    : t('documents.upload.queued')}
                </span>
              </li>
            ) : null,
          )}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to="/me/document">{t('documents.upload.toMine')}</Link>
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={onClear}>
            {t('documents.upload.clearDone')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Step 1: the drop zone, the file and folder pickers, and the queued files. */
export function PickFilesStep({
  items,
  running,
  onAdd,
  onTitleChange,
  onRemove,
  onRetry,
  onVipChange,
}: {
  items: UploadItem[];
  running: boolean;
  onAdd: (files: FileList | null) => void;
  onTitleChange: (item: UploadItem, title: string) => void;
  onRemove: (item: UploadItem) => void;
  onRetry: (item: UploadItem) => void;
  onVipChange?: (item: UploadItem, vip: boolean) => void;
}) {
  const { t } = useTranslation();
  const settings = useDocumentSettings();
  const [dragging, setDragging] = React.useState(false);
  const fileInput = React.useRef<HTMLInputElement>(null);
  const folderInput = React.useRef<HTMLInputElement>(null);
  const onPicked = (e: React.ChangeEvent<HTMLInputElement>) => {
    onAdd(e.target.files);
    e.target.value = '';
  };
  return (
    <StepCard n={1} title={t('documents.upload.step1')} gap="gap-3">
      <div
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          dragging ? 'border-primary bg-primary/5' : 'border-border',
        )}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          if (!running) onAdd(e.dataTransfer.files);
        }}
        data-testid="upload-dropzone"
      >
        <CloudUploadIcon className="size-10 text-primary/70" />
        <p className="text-sm">{t('documents.upload.drop')}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button type="button" onClick={() => fileInput.current?.click()} disabled={running}>
            <FilePlusIcon />
            {t('documents.upload.pickFiles')}
          </Button>
          <Button type="button" variant="outline" onClick={() => folderInput.current?.click()} disabled={running}>
            <FolderUpIcon />
            {t('documents.upload.pickFolder')}
          </Button>
        </div>
        <p className="max-w-xl text-muted-foreground text-xs">
          {t('documents.upload.supported', {
            exts: settings.allowed.map((e) => e.slice(1)).join(', '),
            max: settings.maxMb,
          })}
        </p>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={settings.allowed.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label={t('documents.upload.pickFiles')}
          data-testid="upload-input"
          onChange={onPicked}
        />
        <input
          ref={(el) => {
            folderInput.current = el;
            // Folder picking (webkitdirectory) is not in React's attribute list.
            el?.setAttribute('webkitdirectory', '');
          }}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label={t('documents.upload.pickFolder')}
          onChange={onPicked}
        />
      </div>
      {items.length > 0 ? (
        <ul className="grid gap-2" aria-label={t('documents.upload.files')}>
          {items.map((it) => (
            <UploadItemRow
              key={it.key}
              item={it}
              disabled={running}
              onTitleChange={(title) => onTitleChange(it, title)}
              onRemove={() => onRemove(it)}
              onRetry={running ? undefined : () => onRetry(it)}
              onVipChange={onVipChange ? (vip) => onVipChange(it, vip) : undefined}
            />
          ))}
        </ul>
      ) : null}
    </StepCard>
  );
}

/** Step 2: the fields every file shares (category, price, language, VIP, keywords, description). */
export function SharedFieldsStep({
  form,
  err,
  running,
  allVip,
  onAllVipChange,
}: {
  form: UploadForm;
  err: FieldError;
  running: boolean;
  allVip: boolean;
  onAllVipChange: (vip: boolean) => void;
}) {
  const { t } = useTranslation();
  const settings = useDocumentSettings();
  const { tree } = useDocumentCategoryTree({ hideEmpty: false });
  return (
    <StepCard n={2} title={t('documents.upload.step2')}>
      <Field label={t('documents.fields.category')} htmlFor="upload-category" error={err('category_id')}>
        <Controller
          control={form.control}
          name="category_id"
          render={({ field }) => (
            <CategoryCascader
              id="upload-category"
              tree={tree}
              value={field.value}
              onChange={field.onChange}
              invalid={!!err('category_id')}
              disabled={running}
            />
          )}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('documents.fields.price', { name: settings.creditName })}
          htmlFor="upload-price"
          error={err('price')}
          hint={t('documents.fields.priceHint')}
        >
          <Input
            id="upload-price"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            disabled={running}
            aria-invalid={!!err('price')}
            {...form.register('price')}
          />
        </Field>
        <Field label={t('documents.fields.language')} htmlFor="upload-language" error={err('language')}>
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <LanguageSelect id="upload-language" value={field.value} onChange={field.onChange} />
            )}
          />
        </Field>
      </div>
      {settings.vipEnabled ? (
        <div className="flex items-center gap-2">
          <Checkbox
            id="upload-vip"
            checked={allVip}
            disabled={running}
            onCheckedChange={(v) => onAllVipChange(v === true)}
            data-testid="upload-vip"
          />
          <label htmlFor="upload-vip" className="text-sm">
            {t('documents.vip.uploadAll')}
          </label>
        </div>
      ) : null}
      <Field
        label={t('documents.fields.keywords')}
        htmlFor="upload-keywords"
        error={err('keywords')}
        hint={t('documents.upload.keywordsHint')}
      >
        <Input id="upload-keywords" disabled={running} {...form.register('keywords')} />
      </Field>
      <Field
        label={t('documents.fields.description')}
        htmlFor="upload-description"
        error={err('description')}
        hint={t('documents.upload.descriptionHint')}
      >
        <Textarea id="upload-description" rows={3} disabled={running} {...form.register('description')} />
      </Field>
    </StepCard>
  );
}

/** Step 3: the agreement and the submit button. */
export function SubmitStep({
  form,
  err,
  running,
  waiting,
}: {
  form: UploadForm;
  err: FieldError;
  running: boolean;
  waiting: number;
}) {
  const { t } = useTranslation();
  const { agreementHref } = useDocumentSettings();
  return (
    <StepCard n={3} title={t('documents.upload.step3')}>
      <div className="grid gap-1.5">
        <div className="flex items-start gap-2">
          <Controller
            control={form.control}
            name="agree"
            render={({ field }) => (
              <Checkbox
                id="upload-agree"
                className="mt-0.5"
                checked={field.value}
                onCheckedChange={(v) => field.onChange(v === true)}
                aria-invalid={!!err('agree')}
              />
            )}
          />
          <label htmlFor="upload-agree" className="text-sm leading-5">
            {t('documents.upload.agreePrefix')}
            {agreementHref ? (
              <SmartLink
                href={agreementHref}
                target="_blank"
                className="text-primary hover:underline"
                onClick={(e) => e.stopPropagation()}
              >
                {t('documents.upload.agreement')}
              </SmartLink>
            ) : (
              t('documents.upload.agreement')
            )}
            {t('documents.upload.agreeSuffix')}
          </label>
        </div>
        {err('agree') ? (
          <p role="alert" className="text-destructive text-sm">
            {err('agree')}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={running || waiting === 0}>
          {running ? <LoaderCircleIcon className="animate-spin" /> : <CloudUploadIcon />}
          {running
            ? t('documents.upload.running')
            : waiting > 0
              ? t('documents.upload.submit', { count: waiting })
              : t('documents.upload.submitNone')}
        </Button>
        {running ? <span className="text-muted-foreground text-sm">{t('documents.upload.dontLeave')}</span> : null}
      </div>
    </StepCard>
  );
}
