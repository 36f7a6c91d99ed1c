import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CloudUploadIcon } from 'lucide-react';
import type * as React from 'react';
import { useForm } from 'react-hook-form';
import { QueryErrorCard } from '@/components/admin/query-state';
import { useDocumentSettings } from '@/components/documents/use-document-data';
import { PageHeading } from '@/components/layout/page-heading';
import { BackHomeButton, SignInButton, StatusNotice } from '@/components/layout/status-notice';
import { AsidePageSkeleton, Skeleton } from '@/components/ui/misc';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/account';
import { formMessage } from '@/lib/form-message';
import { formResolver } from '@/lib/form-resolver';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { type Shared, type SharedInput, sharedSchema } from './-upload/shared-schema';
import { UploadHelp } from './-upload/upload-help';
import { PickFilesStep, SharedFieldsStep, SubmitStep, UploadResults } from './-upload/upload-steps';
import { useUploadQueue } from './-upload/use-upload-queue';

export const Route = createFileRoute('/_site/upload')({
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.system.settings.queryOptions()),
      queryClient.ensureQueryData(trpc.category.list.queryOptions(CATEGORY_INPUT)),
    ]),
  pendingComponent: UploadSkeleton,
  component: UploadPage,
});

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
    body = <QueryErrorCard query={canUpload} />;
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
        <PageHeading icon={CloudUploadIcon} title={t('documents.upload.heading')}>
          {t('documents.upload.subheading')}
        </PageHeading>
        {body}
      </div>
      <UploadHelp />
    </div>
  );
}

function UploadForm() {
  const { t } = useTranslation();
  const settings = useDocumentSettings();
  const defaultLanguage = settings.languages.some((l) => l.code === 'zh-CN') ? 'zh-CN' : '';
  const form = useForm<SharedInput, unknown, Shared>({
    resolver: formResolver(sharedSchema),
    defaultValues: {
      category_id: [],
      price: 0,
      language: defaultLanguage,
      keywords: '',
      description: '',
      agree: false,
    },
  });
  const queue = useUploadQueue(form, settings);
  const { items, running, update } = queue;

  const err = (name: keyof SharedInput) => {
    const message = form.formState.errors[name]?.message;
    return name === 'agree' && message ? t('documents.upload.agreeRequired') : formMessage(message);
  };
  const done = items.filter((it) => it.phase === 'done' && it.doc);
  const waiting = items.filter((it) => it.phase === 'ready' || it.phase === 'failed').length;

  return (
    <form noValidate onSubmit={queue.start} className="grid gap-4">
      {done.length > 0 && !running ? (
        <UploadResults done={done} resultsRef={queue.results} onClear={queue.clearDone} />
      ) : null}
      <PickFilesStep
        items={items}
        running={running}
        onAdd={queue.addFiles}
        onTitleChange={(it, title) => update(it.key, { title, titleError: undefined })}
        onRemove={queue.remove}
        onRetry={queue.retry}
        onVipChange={settings.vipEnabled ? (it, vip) => update(it.key, { vip }) : undefined}
      />
      <SharedFieldsStep
        form={form}
        err={err}
        running={running}
        allVip={queue.allVip}
        onAllVipChange={queue.setAllVip}
      />
      <SubmitStep form={form} err={err} running={running} waiting={waiting} />
    </form>
  );
}

function UploadSkeleton() {
  return (
    <AsidePageSkeleton aside={['h-72 rounded-xl']} className="py-8">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-56 rounded-xl" />
      <Skeleton className="h-64 rounded-xl" />
    </AsidePageSkeleton>
  );
}
