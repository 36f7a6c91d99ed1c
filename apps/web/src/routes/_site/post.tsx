import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import type { ArticleDTO } from '@wenku/shared';
import { LoaderCircleIcon, PenLineIcon, SendIcon, ShieldAlertIcon } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorOf, reportFormError } from '@/components/admin/form-errors';
import { ImageUpload } from '@/components/admin/image-upload';
import { QueryErrorCard } from '@/components/admin/query-state';
import { useCan } from '@/components/admin/use-can';
import { CrawlArticleForm } from '@/components/articles/crawl-article-form';
import { useArticleCategoryTree } from '@/components/articles/use-article-categories';
import { Field } from '@/components/forms/field';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { PageHeading } from '@/components/layout/page-heading';
import { BackHomeButton, SignInButton, StatusNotice } from '@/components/layout/status-notice';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/misc';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { usePageTitle } from '@/hooks/use-page-title';
import { useTranslation } from '@/i18n/areas/account';
import { toApiError } from '@/lib/api-error';
import { formResolver } from '@/lib/form-resolver';
import { optionalInt, z } from '@/lib/search-schema';
import { session, useSession } from '@/lib/session';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { ArticleCategorySelect } from './-post/category-select';
import {
  EMPTY_POST,
  type PostFormInput,
  type PostFormValues,
  postFormSchema,
  postInput,
  postValuesOf,
  savedMessageKey,
} from './-post/post-form';
import { RichTextEditor, type RichTextEditorHandle } from './-post/rich-text-editor';

/** `/post?id=N` edits article N; without it a new article is written. */
const postSearchSchema = z.object({
  id: optionalInt(1),
});

/** spec §2 /post: publish an article, or edit one (moredoc-facts §21.6). */
export const Route = createFileRoute('/_site/post')({
  validateSearch: postSearchSchema,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context: { queryClient, trpc }, deps }) => {
    const signedIn = !!session.get().user;
    // The article and the right to publish are the member's own: asked for only when signed in, and their
    // failures are shown inside the page.
    if (signedIn && deps.id) void queryClient.prefetchQuery(trpc.article.get.queryOptions({ id: deps.id }));
    return queryClient.ensureQueryData(trpc.category.list.queryOptions(CATEGORY_INPUT));
  },
  pendingComponent: PostSkeleton,
  component: PostPage,
});

function PostPage() {
  const { t } = useTranslation();
  const { id } = Route.useSearch();
  usePageTitle(id ? t('article.post.editTitle') : t('article.post.title'));
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-4 px-4 py-6 md:py-8">
      <PageHeading icon={PenLineIcon} title={id ? t('article.post.editTitle') : t('article.post.title')} />
      {id ? <EditArticle key={id} id={id} /> : <NewArticle />}
    </div>
  );
}

/** Who may write: members whose groups allow publishing (moredoc-facts §7.6); the server checks again. */
function NewArticle() {
  const trpc = useTRPC();
  const { user } = useSession();
  const canPublish = useQuery({ ...trpc.article.canPublish.queryOptions(), enabled: !!user, staleTime: 0 });
  if (!user || canPublish.data?.allowed === false) return <CannotPublish signedIn={!!user} />;
  if (canPublish.error) {
    return <QueryErrorCard query={canPublish} />;
  }
  if (!canPublish.data) return <FormSkeleton />;
  return <PostForm article={null} key="new" />;
}

/** Editing: the author or an administrator (the server decides; others get 404 or 403 from it). */
function EditArticle({ id }: { id: number }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const can = useCan();
  const { user } = useSession();
  const article = useQuery({ ...trpc.article.get.queryOptions({ id }), enabled: !!user, staleTime: 0 });
  if (!user) return <CannotPublish signedIn={false} />;
  if (article.error) {
    if (toApiError(article.error).status === 404) {
      return (
        <StatusNotice
          kind="missing"
          testId="post-notice"
          title={t('article.post.notFoundTitle')}
          description={t('article.post.notFound')}
          action={
            <Button asChild variant="outline">
              <Link to="/me/article">{t('article.post.toMine')}</Link>
            </Button>
          }
        />
      );
    }
    return <QueryErrorCard query={article} />;
  }
  if (!article.data) return <FormSkeleton />;
  if (article.data.user_id !== user.id && !can('ArticleAPI.UpdateArticle')) {
    return (
      <StatusNotice
        kind="forbidden"
        testId="post-notice"
        title={t('article.post.cannotEditTitle')}
        description={t('article.post.cannotEdit')}
        action={
          <Button asChild variant="outline">
            <Link to="/article/$id" params={{ id: article.data.identifier }}>
              {t('article.post.backToArticle')}
            </Link>
          </Button>
        }
      />
    );
  }
  return <PostForm article={article.data} key={article.data.id} />;
}

/** moredoc-facts §21.6: 你暂时无法发布文章 with 前往登录 / 返回首页. */
function CannotPublish({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const href = typeof window === 'undefined' ? '/post' : `${window.location.pathname}${window.location.search}`;
  return (
    <StatusNotice
      kind={signedIn ? 'forbidden' : 'login'}
      testId="post-notice"
      title={t('article.post.cannotTitle')}
      description={t('article.post.cannot')}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {signedIn ? null : <SignInButton redirectTo={href}>{t('article.post.goLogin')}</SignInButton>}
          <BackHomeButton />
        </div>
      }
    />
  );
}

/** The form's messages: the server's and the shared schema's (localized), or an i18n key of the form's own. */
function useFieldMessage(errors: object) {
  const { t } = useTranslation();
  return (name: keyof PostFormValues) => {
    const message = errorOf(errors, name);
    return message?.startsWith('article.') ? t(message) : message;
  };
}

function PostForm({ article }: { article: ArticleDTO | null }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { tree } = useArticleCategoryTree({ hideEmpty: false });
  const editorRef = React.useRef<RichTextEditorHandle>(null);
  const editing = !!article;
  const form = useForm<PostFormInput, unknown, PostFormValues>({
    resolver: formResolver(postFormSchema),
    defaultValues: article ? postValuesOf(article, tree) : EMPTY_POST,
  });
  const err = useFieldMessage(form.formState.errors);
  const saved = React.useRef(false);

  // Closing the tab with unsaved writing asks first.
  const dirty = form.formState.isDirty;
  React.useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (!saved.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Kept hand-written: article.update or article.create, by whether the article exists (two procedures).
  const save = useMutation({
    mutationFn: (values: PostFormValues) =>
      article
        ? client.article.update.mutate({ id: article.id, ...postInput(values) })
        : client.article.create.mutate(postInput(values)),
    onSuccess: async (result) => {
      saved.current = true;
      const key = savedMessageKey(result.status, editing);
      if (key === 'article.post.savedPending') toast.info(t(key), { duration: 8000 });
      else toast.success(t(key));
      // The article page must read the saved article, not a copy cached from an earlier visit.
      queryClient.removeQueries({ queryKey: trpc.article.get.queryKey({ identifier: result.identifier }) });
      await navigate({ to: '/article/$id', params: { id: result.identifier } });
      queryClient.removeQueries({ queryKey: trpc.article.get.queryKey({ id: result.id }) });
      void queryClient.invalidateQueries(trpc.article.list.pathFilter());
    },
    onError: (e) => reportFormError(form, e),
  });

  const rejected = article?.status === 2;
  // moredoc-pro-facts §9.3: groups with `enable_article_crawl` get the crawl form above the editor.
  const canCrawl = useQuery(trpc.article.canCrawl.queryOptions()).data?.allowed === true;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_320px]"
      data-testid="post-form"
    >
      <div className="grid min-w-0 grid-cols-1 gap-4">
        {rejected ? (
          <Alert variant="destructive">
            <ShieldAlertIcon />
            <AlertDescription className="text-foreground">
              <p>{t('article.post.rejectedHint', { reason: article.reject_reason || t('article.read.noReason') })}</p>
            </AlertDescription>
          </Alert>
        ) : null}
        <Field label={t('article.post.fields.title')} htmlFor="post-title" error={err('title')}>
          <Input
            id="post-title"
            className="h-11 text-lg"
            placeholder={t('article.post.titlePlaceholder')}
            aria-invalid={!!err('title')}
            maxLength={255}
            {...form.register('title')}
          />
        </Field>
        {canCrawl ? (
          <CrawlArticleForm
            onCrawled={(a) => {
              if (a.title) form.setValue('title', a.title.slice(0, 255), { shouldDirty: true });
              if (a.description) form.setValue('description', a.description, { shouldDirty: true });
              editorRef.current?.setContent(a.content);
              form.setValue('content', a.content, { shouldDirty: true });
            }}
          />
        ) : null}
        <div className="grid gap-1.5">
          <span id="post-content-label" className="font-medium text-sm leading-none">
            {t('article.post.fields.content')}
          </span>
          <Controller
            control={form.control}
            name="content"
            render={({ field }) => (
              <RichTextEditor
                ref={(handle) => {
                  editorRef.current = handle;
                  field.ref(handle);
                }}
                initialHtml={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={!!err('content')}
                labelledBy="post-content-label"
              />
            )}
          />
          {err('content') ? (
            <p role="alert" className="text-destructive text-sm">
              {err('content')}
            </p>
          ) : (
            <p className="text-muted-foreground text-xs">{t('article.post.contentHint')}</p>
          )}
        </div>
      </div>

      <Card className="gap-4 lg:sticky lg:top-20">
        <CardHeader>
          <CardTitle className="text-base">{t('article.post.settings')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field label={t('article.post.fields.category')} htmlFor="post-category" error={err('category_id')}>
            <Controller
              control={form.control}
              name="category_id"
              render={({ field }) => (
                <ArticleCategorySelect
                  id="post-category"
                  tree={tree}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  invalid={!!err('category_id')}
                />
              )}
            />
          </Field>
          <Field
            label={t('article.post.fields.keywords')}
            htmlFor="post-keywords"
            error={err('keywords')}
            hint={t('article.post.keywordsHint')}
          >
            <Input id="post-keywords" maxLength={255} {...form.register('keywords')} />
          </Field>
          <Field
            label={t('article.post.fields.description')}
            htmlFor="post-description"
            error={err('description')}
            hint={t('article.post.descriptionHint')}
          >
            <Textarea id="post-description" rows={4} maxLength={1024} {...form.register('description')} />
          </Field>
          <Field label={t('article.post.fields.cover')} htmlFor="post-cover" error={err('cover')}>
            <Controller
              control={form.control}
              name="cover"
              render={({ field }) => (
                <ImageUpload
                  id="post-cover"
                  kind="article"
                  value={field.value}
                  onChange={field.onChange}
                  previewClassName="h-24 w-36"
                />
              )}
            />
          </Field>
          <Button type="submit" size="lg" disabled={save.isPending} data-testid="post-submit">
            {save.isPending ? <LoaderCircleIcon className="animate-spin" /> : <SendIcon />}
            {editing ? t('article.post.saveEdit') : t('article.post.submit')}
          </Button>
          {editing ? (
            <Button asChild variant="ghost">
              <Link to="/article/$id" params={{ id: article.identifier }}>
                {t('cancel')}
              </Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </form>
  );
}

function FormSkeleton() {
  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_320px]" aria-busy>
      <div className="grid gap-4">
        <Skeleton className="h-11" />
        <Skeleton className="h-96 rounded-md" />
      </div>
      <Skeleton className="h-96 rounded-xl" />
    </div>
  );
}

function PostSkeleton() {
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-4 px-4 py-6 md:py-8">
      <Skeleton className="h-8 w-40" />
      <FormSkeleton />
    </div>
  );
}
