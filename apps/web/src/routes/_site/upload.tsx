import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { DocumentStatus, FILE_KINDS } from '@wenku/shared';
import { CircleHelpIcon, CloudUploadIcon, FilePlusIcon, FolderUpIcon, LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { QueryError } from '@/components/admin/query-state';
import { CategoryCascader } from '@/components/documents/category-cascader';
import { formatBytes } from '@/components/documents/format';
import { LanguageSelect } from '@/components/documents/language-select';
import { DocumentStatusBadge } from '@/components/documents/status-badge';
import { fileKey, runLimited, sortPickedFiles, titleFromFileName } from '@/components/documents/upload-checks';
import { type UploadItem, UploadItemRow } from '@/components/documents/upload-item-row';
import { hashFile, proveFile, sendDocumentFile } from '@/components/documents/upload-transport';
import { useDocumentCategoryTree, useDocumentSettings } from '@/components/documents/use-document-data';
import { Field } from '@/components/forms/field';
import { SmartLink } from '@/components/layout/smart-link';
import { BackHomeButton, SignInButton, StatusNotice } from '@/components/layout/status-notice';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/form-controls';
import { Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/misc';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage, toApiError } from '@/lib/api-error';
import { refreshUser } from '@/lib/auth';
import { formMessage } from '@/lib/reasons';
import { useSession } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { cn } from '@/lib/utils';

export const Route = createFileRoute('/_site/upload')({
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
      queryClient.ensureQueryData(trpc.category.list.queryOptions(CATEGORY_INPUT)),
    ]),
  pendingComponent: UploadSkeleton,
  component: UploadPage,
});

/** The server refused an instant upload's proof (spent, expired, the file changed): the file goes up instead. */
const isProofRefusal = (e: unknown) => toApiError(e).data.fields?.some((f) => f.field === 'proof') ?? false;

/** Two files at a time, as moredoc's upload page (moredoc-facts §21.3). */
const PARALLEL_UPLOADS = 2;

/**
 * The fields every picked file shares (moredoc-facts §21.3 base form), plus the agreement. Pure: only the page uses
 * it, so it stays out of the route definition the entry chunk carries (issue 17).
 */
const sharedSchema = /* @__PURE__ */ z.object({
  category_id: z.array(z.number().int().positive()).min(1, '请选择文档分类'),
  price: z.coerce.number().int().min(0, '价格不能小于0').max(1_000_000, '价格过高'),
  language: z.string().max(16),
  keywords: z.string().trim().max(255),
  description: z.string().trim().max(1024),
  agree: z.boolean().refine((v) => v, 'agreement'),
});
type SharedInput = z.input<typeof sharedSchema>;
type Shared = z.output<typeof sharedSchema>;

/** spec §2 /upload: members upload many files or a folder, hashed in the browser for instant uploads. */
function UploadPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { user } = useSession();
  usePageTitle(t('documents.upload.pageTitle'));
  const canUpload = useQuery({ ...trpc.document.canUpload.queryOptions(), enabled: !!user, staleTime: 0 });

  let body: React.ReactNode;
  if (!user) {
    body = (
      <StatusNotice
        kind="login"
        title={t('documents.upload.loginTitle')}
        description={t('documents.upload.loginFirst')}
        action={<SignInButton redirectTo="/upload">{t('documents.upload.goLogin')}</SignInButton>}
      />
    );
  } else if (canUpload.isPending) {
    body = <Skeleton className="h-96 rounded-xl" />;
  } else if (canUpload.error) {
    body = (
      <Card>
        <QueryError error={canUpload.error} onRetry={() => void canUpload.refetch()} />
      </Card>
    );
  } else if (!canUpload.data.allowed) {
    body = (
      <StatusNotice
        kind="forbidden"
        title={t('documents.upload.forbiddenTitle')}
        description={t('documents.upload.forbidden')}
        action={<BackHomeButton />}
      />
    );
  } else {
    body = <UploadForm />;
  }
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 md:py-8 lg:grid-cols-[minmax(0,1fr)_300px]">
      <div className="grid min-w-0 content-start gap-4">
        <div>
          <h1 className="flex items-center gap-2 font-semibold text-2xl">
            <CloudUploadIcon className="size-7 text-primary" />
            {t('documents.upload.heading')}
          </h1>
          <p className="mt-1 text-muted-foreground text-sm">{t('documents.upload.subheading')}</p>
        </div>
        {body}
      </div>
      <UploadHelp />
    </div>
  );
}

function UploadForm() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const settings = useDocumentSettings();
  const { tree } = useDocumentCategoryTree({ hideEmpty: false });
  const [items, setItems] = React.useState<UploadItem[]>([]);
  const [running, setRunning] = React.useState(false);
  const [dragging, setDragging] = React.useState(false);
  // 👑 加入VIP文档: every file queued, and every file added later, starts as a VIP document (moredoc-pro-facts §2.7).
  const [allVip, setAllVip] = React.useState(false);
  const fileInput = React.useRef<HTMLInputElement>(null);
  const folderInput = React.useRef<HTMLInputElement>(null);
  const controllers = React.useRef(new Map<string, AbortController>());
  const results = React.useRef<HTMLDivElement>(null);
  const itemsRef = React.useRef(items);
  itemsRef.current = items;

  const defaultLanguage = settings.languages.some((l) => l.code === 'zh-CN') ? 'zh-CN' : '';
  const form = useForm<SharedInput, unknown, Shared>({
    resolver: zodResolver(sharedSchema),
    defaultValues: {
      category_id: [],
      price: 0,
      language: defaultLanguage,
      keywords: '',
      description: '',
      agree: false,
    },
  });

  const update = React.useCallback((key: string, patch: Partial<UploadItem>) => {
    setItems((list) => list.map((it) => (it.key === key ? { ...it, ...patch } : it)));
  }, []);

  // Leaving the page stops the transfers; the browser asks first while files are on their way.
  React.useEffect(() => {
    const all = controllers.current;
    return () => {
      for (const c of all.values()) c.abort();
    };
  }, []);
  React.useEffect(() => {
    if (!running) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  const addFiles = (picked: FileList | File[] | null) => {
    if (!picked || picked.length === 0) return;
    const files = Array.from(picked);
    const queued = new Set(items.map((it) => it.key));
    const { accepted, refused, duplicates } = sortPickedFiles(files, queued, settings);
    const shown = refused.slice(0, 5);
    for (const { file, refusal } of shown) {
      // moredoc's warnings (moredoc-facts §21.3), one per ignored file.
      if (refusal.reason === 'size') {
        toast.warning(
          t('documents.upload.tooLarge', {
            name: file.name,
            size: formatBytes(file.size),
            max: `${refusal.maxMb} MB`,
          }),
        );
      } else if (refusal.reason === 'empty') {
        toast.warning(t('documents.upload.emptyFile', { name: file.name }));
      } else {
        toast.warning(t('documents.upload.badType', { name: file.name }));
      }
    }
    if (refused.length > shown.length) {
      toast.warning(t('documents.upload.moreIgnored', { count: refused.length - shown.length }));
    }
    if (duplicates.length > 0) toast.info(t('documents.upload.duplicates', { count: duplicates.length }));
    if (accepted.length === 0) return;
    setItems((list) => [
      ...list.filter((it) => it.phase !== 'done'),
      ...accepted.map<UploadItem>((file) => ({
        key: fileKey(file),
        file,
        title: titleFromFileName(file.name),
        phase: 'ready',
        progress: 0,
        vip: allVip,
      })),
    ]);
  };

  /** A proof for an instant upload, or null when the file must go up; throws when the site refuses duplicates. */
  const proveInstantUpload = async (file: File, hash: string, signal: AbortSignal) => {
    try {
      const challenge = await client.document.challenge.mutate({ hash, name: file.name }, { signal });
      return { challenge_id: challenge.challenge_id, proof: await proveFile(file, challenge) };
    } catch (e) {
      if (signal.aborted) throw e;
      // security.disable_upload_exist_document: moredoc's warning, and the file is skipped.
      if (toApiError(e).data.code === 'CONFLICT') {
        toast.warning(t('documents.upload.exists', { name: file.name }));
        throw e;
      }
      return null;
    }
  };

  const processItem = async (item: UploadItem, shared: Shared) => {
    const controller = new AbortController();
    controllers.current.set(item.key, controller);
    const { signal } = controller;
    try {
      update(item.key, { phase: 'hashing', progress: 0, error: undefined, instant: false });
      const hash = await hashFile(item.file, (progress) => update(item.key, { progress }), signal);
      // Instant upload when the library has the file and this browser proves it holds the bytes; otherwise (not in
      // the library, a refused proof) the file goes up as usual. A refusal of duplicates ends here.
      const proof = await proveInstantUpload(item.file, hash, signal);
      const create = (file: { attachment_id: number } | { hash: string; challenge_id: string; proof: string }) =>
        client.document.create.mutate(
          {
            category_id: shared.category_id,
            document: [
              {
                title: item.title.trim(),
                ...file,
                price: shared.price,
                is_vip: settings.vipEnabled && !!item.vip,
                language: shared.language,
                keywords: shared.keywords,
                description: shared.description,
              },
            ],
          },
          { signal },
        );
      const uploadThenCreate = async () => {
        update(item.key, { phase: 'uploading', progress: 0, instant: false });
        const uploaded = await sendDocumentFile(item.file, (progress) => update(item.key, { progress }), signal);
        update(item.key, { phase: 'creating', progress: 1 });
        return create({ attachment_id: uploaded.id });
      };
      let created: Awaited<ReturnType<typeof create>>;
      if (proof) {
        update(item.key, { phase: 'creating', progress: 1, instant: true });
        created = await create({ hash, ...proof }).catch((e: unknown) => {
          if (signal.aborted || !isProofRefusal(e)) throw e;
          return uploadThenCreate();
        });
      } else {
        created = await uploadThenCreate();
      }
      const doc = created.document[0];
      update(item.key, {
        phase: 'done',
        progress: 1,
        doc: doc ? { id: doc.id, uuid: doc.uuid, title: doc.title, status: doc.status } : undefined,
      });
      return true;
    } catch (e) {
      if (signal.aborted) return false;
      update(item.key, { phase: 'failed', error: errorMessage(e) });
      return false;
    } finally {
      controllers.current.delete(item.key);
    }
  };

  const start = form.handleSubmit(async (shared) => {
    const pending = items.filter((it) => it.phase === 'ready' || it.phase === 'failed');
    if (pending.length === 0) {
      toast.error(t('documents.upload.noFiles'));
      return;
    }
    let titlesOk = true;
    for (const it of pending) {
      const titleError = it.title.trim() === '' ? t('documents.validation.title') : undefined;
      if (titleError) titlesOk = false;
      update(it.key, { titleError });
    }
    if (!titlesOk) return;
    if (settings.maxPrice > 0 && shared.price > settings.maxPrice) {
      form.setError('price', { message: t('documents.validation.priceOverMax', { max: settings.maxPrice }) });
      return;
    }
    setRunning(true);
    let ok = 0;
    try {
      await runLimited(pending, PARALLEL_UPLOADS, async (it) => {
        // A file removed from the list while waiting for its turn is skipped.
        if (!itemsRef.current.some((x) => x.key === it.key)) return;
        if (await processItem(it, shared)) ok++;
      });
    } finally {
      setRunning(false);
    }
    if (ok > 0) {
      toast.success(t('documents.upload.allDone', { count: ok }));
      requestAnimationFrame(() => results.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
      // Upload credits and the member's document count changed; new documents appear in the lists.
      void refreshUser(client).catch(() => {});
      void queryClient.invalidateQueries(trpc.document.list.pathFilter());
      void queryClient.invalidateQueries(trpc.user.get.pathFilter());
    }
  });

  const retry = (item: UploadItem) => {
    const values = form.getValues();
    const parsed = sharedSchema.safeParse(values);
    if (!parsed.success) {
      void form.trigger();
      return;
    }
    setRunning(true);
    void processItem(item, parsed.data).finally(() => setRunning(false));
  };

  const remove = (item: UploadItem) => {
    controllers.current.get(item.key)?.abort();
    setItems((list) => list.filter((it) => it.key !== item.key));
  };

  const err = (name: keyof SharedInput) => {
    const message = form.formState.errors[name]?.message;
    return name === 'agree' && message ? t('documents.upload.agreeRequired') : formMessage(message);
  };
  const done = items.filter((it) => it.phase === 'done' && it.doc);
  const waiting = items.filter((it) => it.phase === 'ready' || it.phase === 'failed').length;
  const accept = settings.allowed.join(',');

  return (
    <form noValidate onSubmit={start} className="grid gap-4">
      {done.length > 0 && !running ? (
        <Card data-testid="upload-results" ref={results} className="scroll-mt-20 border-success/40">
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
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => setItems((list) => list.filter((x) => x.phase !== 'done'))}
              >
                {t('documents.upload.clearDone')}
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <StepNumber n={1} />
            {t('documents.upload.step1')}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
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
              if (!running) addFiles(e.dataTransfer.files);
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
              accept={accept}
              className="sr-only"
              tabIndex={-1}
              aria-label={t('documents.upload.pickFiles')}
              data-testid="upload-input"
              onChange={(e) => {
                addFiles(e.target.files);
                e.target.value = '';
              }}
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
              onChange={(e) => {
                addFiles(e.target.files);
                e.target.value = '';
              }}
            />
          </div>
          {items.length > 0 ? (
            <ul className="grid gap-2" aria-label={t('documents.upload.files')}>
              {items.map((it) => (
                <UploadItemRow
                  key={it.key}
                  item={it}
                  disabled={running}
                  onTitleChange={(title) => update(it.key, { title, titleError: undefined })}
                  onRemove={() => remove(it)}
                  onRetry={running ? undefined : () => retry(it)}
                  onVipChange={settings.vipEnabled ? (vip) => update(it.key, { vip }) : undefined}
                />
              ))}
            </ul>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <StepNumber n={2} />
            {t('documents.upload.step2')}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
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
                onCheckedChange={(v) => {
                  const vip = v === true;
                  setAllVip(vip);
                  setItems((list) => list.map((it) => (it.phase === 'done' ? it : { ...it, vip })));
                }}
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
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <StepNumber n={3} />
            {t('documents.upload.step3')}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
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
                {settings.agreementHref ? (
                  <SmartLink
                    href={settings.agreementHref}
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
        </CardContent>
      </Card>
    </form>
  );
}

function StepNumber({ n }: { n: number }) {
  return (
    <span className="flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground text-xs">
      {n}
    </span>
  );
}

/** The help panel: size limit and supported formats by group (moredoc-facts §21.3). */
function UploadHelp() {
  const { t } = useTranslation();
  const { allowed, maxMb } = useDocumentSettings();
  const groups = (Object.entries(FILE_KINDS) as [string, readonly string[]][])
    .map(([kind, exts]) => [kind, exts.filter((e) => allowed.includes(`.${e}`))] as const)
    .filter(([, exts]) => exts.length > 0);
  return (
    <aside className="lg:sticky lg:top-20 lg:self-start">
      <Card className="gap-3">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <CircleHelpIcon className="size-4 text-primary" />
            {t('documents.upload.helpTitle')}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <Alert variant="info">
            <AlertTitle>{t('documents.upload.helpSize', { max: maxMb })}</AlertTitle>
            <AlertDescription>{t('documents.upload.helpReview')}</AlertDescription>
          </Alert>
          <dl className="grid gap-2">
            {groups.map(([kind, exts]) => (
              <div key={kind} className="grid grid-cols-[64px_minmax(0,1fr)] gap-2">
                <dt className="font-medium">{t(`documents.kinds.${kind}`)}</dt>
                <dd className="text-muted-foreground">{exts.join(', ')}</dd>
              </div>
            ))}
          </dl>
          <p className="text-muted-foreground text-xs">{t('documents.upload.helpInstant')}</p>
          <SmartLink href="/article/help" className="text-primary text-sm hover:underline">
            {t('documents.upload.helpLink')}
          </SmartLink>
        </CardContent>
      </Card>
    </aside>
  );
}

function UploadSkeleton() {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_300px]" aria-busy>
      <div className="grid gap-4">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}
