import { useQuery } from '@tanstack/react-query';
import { type ArticleDTO, ArticleStatus, createArticleInput } from '@wenku/shared';
import { ExternalLinkIcon, TriangleAlertIcon } from 'lucide-react';
import * as React from 'react';
import { z } from 'zod';
import { useEntityForm } from '@/components/admin/entity-form';
import { FormDrawer } from '@/components/admin/form-dialog';
import { ControlledField, ImageField, SwitchField, TextareaField, TextField } from '@/components/admin/form-fields';
import { Loading, QueryError } from '@/components/admin/query-state';
import { useCan } from '@/components/admin/use-can';
import { CrawlArticleForm } from '@/components/articles/crawl-article-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import type { TFunction } from '@/i18n';
import { useTranslation } from '@/i18n/react';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { articleHref, GENERATED_IDENTIFIER } from './article-admin';
import { ArticleCategorySelect, categoryPathOf, useArticleCategories } from './article-categories';
import { HtmlEditor } from './html-editor';

/** `article`: the full form of 文章列表; `page`: the single page form of 单页管理 (no categories, cover, flags). */
export type ArticleFormMode = 'article' | 'page';

/**
 * The form's schema: the shared create schema (ARCHITECTURE.md rule 11) with the recommend switch and the notice
 * value as the form holds them; a new single page must name its identifier, and not in the generated 16-hex shape
 * (it would then count as an ordinary article).
 */
function articleFormSchema(t: TFunction, mode: ArticleFormMode, creating: boolean) {
  return createArticleInput
    .extend({
      is_recommend: z.boolean(),
      notice: z.coerce
        .number<string | number>()
        .int(t('admin.article.noticeInvalid'))
        .min(0, t('admin.article.noticeInvalid'))
        .max(100_000, t('admin.article.noticeInvalid')),
    })
    .superRefine((v, ctx) => {
      if (mode !== 'page' || !creating) return;
      if (!v.identifier)
        ctx.addIssue({ code: 'custom', path: ['identifier'], message: t('admin.article.identifierRequired') });
      else if (GENERATED_IDENTIFIER.test(v.identifier))
        ctx.addIssue({ code: 'custom', path: ['identifier'], message: t('admin.article.identifierGenerated') });
    });
}

/**
 * Creates or edits an article or single page in a drawer. Editing loads the article with its content first (lists
 * leave the content out).
 */
export function ArticleFormDrawer({
  articleId,
  mode,
  onClose,
}: {
  /** null creates a new one. */
  articleId: number | null;
  mode: ArticleFormMode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const full = useQuery({
    ...trpc.article.get.queryOptions({ id: articleId ?? 0 }),
    enabled: articleId !== null,
    // Always the stored version: another administrator may have edited it since.
    staleTime: 0,
    gcTime: 0,
  });
  const categories = useArticleCategories();
  const title =
    mode === 'page'
      ? articleId
        ? t('admin.article.editPage')
        : t('admin.article.createPage')
      : articleId
        ? t('admin.article.edit')
        : t('admin.article.create');
  const shellClass = 'sm:max-w-2xl lg:max-w-5xl';

  if (articleId !== null && (!full.data || (mode === 'article' && categories.isPending))) {
    return (
      <FormDrawer open onOpenChange={(o) => !o && onClose()} title={title} className={shellClass}>
        {full.error ? <QueryError error={full.error} onRetry={() => void full.refetch()} /> : <Loading />}
      </FormDrawer>
    );
  }
  return (
    <ArticleForm
      article={full.data ?? null}
      mode={mode}
      title={title}
      className={shellClass}
      categoryTree={categories.tree}
      onClose={onClose}
    />
  );
}

function ArticleForm({
  article,
  mode,
  title,
  className,
  categoryTree,
  onClose,
}: {
  article: ArticleDTO | null;
  mode: ArticleFormMode;
  title: string;
  className: string;
  categoryTree: ReturnType<typeof useArticleCategories>['tree'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const can = useCan();
  const schema = React.useMemo(() => articleFormSchema(t, mode, !article), [t, mode, article]);
  const { form, shellProps } = useEntityForm({
    schema,
    defaultValues: {
      title: article?.title ?? '',
      identifier: '',
      keywords: article?.keywords ?? '',
      description: article?.description ?? '',
      content: article?.content ?? '',
      cover: article?.cover ?? '',
      category_id: article ? categoryPathOf(categoryTree, article.category_id) : [],
      is_recommend: !!article?.recommend_at,
      notice: article?.notice ?? 0,
    },
    save: async (v) => {
      const full = mode === 'article';
      if (!article) {
        return client.article.create.mutate({
          title: v.title,
          identifier: v.identifier,
          keywords: v.keywords,
          description: v.description,
          content: v.content,
          ...(full
            ? { cover: v.cover, category_id: v.category_id, notice: v.notice, is_recommend: v.is_recommend }
            : {}),
        });
      }
      const saved = await client.article.update.mutate({
        id: article.id,
        title: v.title,
        keywords: v.keywords,
        description: v.description,
        content: v.content,
        ...(full ? { cover: v.cover, category_id: v.category_id, notice: v.notice, is_recommend: v.is_recommend } : {}),
      });
      // An edit can set the recommendation but not take it back (moredoc-facts §9): that is the recommend command.
      if (full && article.recommend_at && !v.is_recommend && can('ArticleAPI.RecommendArticles'))
        await client.article.recommend.mutate({ article_id: [article.id], is_recommend: false });
      return saved;
    },
    successText: article ? t('admin.common.saved') : t('admin.common.created'),
    invalidate: [trpc.article.pathFilter()],
    onClose,
  });
  const canRecommendOff = !article?.recommend_at || can('ArticleAPI.RecommendArticles');
  // moredoc-pro-facts §9.3: the crawl form sits above the admin editor.
  const canCrawl = useQuery(trpc.article.canCrawl.queryOptions()).data?.allowed === true;

  return (
    <FormDrawer {...shellProps} title={title} className={className}>
      {article?.status === ArticleStatus.Rejected ? (
        <Alert variant="warning">
          <TriangleAlertIcon />
          <AlertDescription>{t('admin.article.rejectedEditHint')}</AlertDescription>
        </Alert>
      ) : null}
      <TextField form={form} name="title" label={t('admin.article.fields.title')} autoFocus={!article} />
      {article ? (
        <div className="grid gap-1.5 text-sm">
          <span className="font-medium">{t('admin.article.fields.identifier')}</span>
          <a
            href={articleHref(article.identifier)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit items-center gap-1 break-all font-mono text-primary text-xs hover:underline"
          >
            {article.identifier}
            <ExternalLinkIcon className="size-3.5 shrink-0" />
          </a>
        </div>
      ) : (
        <TextField
          form={form}
          name="identifier"
          label={t('admin.article.fields.identifier')}
          hint={mode === 'page' ? t('admin.article.pageIdentifierHint') : t('admin.article.identifierHint')}
          placeholder={mode === 'page' ? 'about' : undefined}
        />
      )}
      {mode === 'article' ? (
        <ControlledField
          form={form}
          name="category_id"
          label={t('admin.article.fields.category')}
          render={(field, id) => (
            <ArticleCategorySelect
              id={id}
              tree={categoryTree}
              value={(field.value as number[] | undefined) ?? []}
              onChange={field.onChange}
            />
          )}
        />
      ) : null}
      <TextField
        form={form}
        name="keywords"
        label={t('admin.article.fields.keywords')}
        hint={t('admin.article.keywordsHint')}
      />
      <TextareaField
        form={form}
        name="description"
        label={t('admin.article.fields.description')}
        hint={t('admin.article.descriptionHint')}
        rows={3}
      />
      {mode === 'article' ? (
        <>
          <ImageField
            form={form}
            name="cover"
            label={t('admin.article.fields.cover')}
            kind="article"
            previewClassName="h-28 w-44"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              form={form}
              name="notice"
              label={t('admin.article.fields.notice')}
              hint={t('admin.article.noticeHint')}
              type="number"
              step={1}
              inputMode="numeric"
            />
            {canRecommendOff ? (
              <SwitchField
                form={form}
                name="is_recommend"
                label={t('admin.article.fields.recommend')}
                hint={t('admin.article.recommendHint')}
              />
            ) : null}
          </div>
        </>
      ) : null}
      {canCrawl ? (
        <CrawlArticleForm
          onCrawled={(a) => {
            if (a.title) form.setValue('title', a.title.slice(0, 255), { shouldDirty: true });
            if (a.description) form.setValue('description', a.description.slice(0, 1024), { shouldDirty: true });
            form.setValue('content', a.content, { shouldDirty: true });
          }}
        />
      ) : null}
      <ControlledField
        form={form}
        name="content"
        label={t('admin.article.fields.content')}
        render={(field, id) => (
          <HtmlEditor id={id} value={(field.value as string | undefined) ?? ''} onChange={field.onChange} />
        )}
      />
    </FormDrawer>
  );
}
