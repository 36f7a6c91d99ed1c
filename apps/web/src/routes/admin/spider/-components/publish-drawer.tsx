import { useMutation } from '@tanstack/react-query';
import type { SpiderDocumentDTO } from '@wenku/shared';
import { InfoIcon } from 'lucide-react';
import * as React from 'react';
import { reportFormError } from '@/components/admin/form-errors';
import { formatBytes } from '@/components/admin/format';
import { CategoryCascader } from '@/components/documents/category-cascader';
import { LanguageSelect } from '@/components/documents/language-select';
import { useDocumentCategoryTree, useLanguageName } from '@/components/documents/use-document-data';
import { Field } from '@/components/forms/field';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { UserPicker } from '@/components/moderation/user-picker';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Badge } from '@/components/ui/misc';
import { useTranslation } from '@/i18n/areas/spider';
import { useTRPC } from '@/lib/trpc';
import { canPublish, publishBlocker } from './title-tools';

/** The publish target member is remembered in the browser (moredoc-pro-facts §9.2). */
const USER_KEY = 'wenku-spider-publish-user';

const rememberedUser = () => {
  try {
    const n = Number(localStorage.getItem(USER_KEY));
    return Number.isInteger(n) && n > 0 ? [n] : [];
  } catch {
    return [];
  }
};

/**
 * `发布选中文档` (moredoc-pro-facts §9.2): member, category path, price and a language for documents without one;
 * the table shows which documents meet the condition (downloaded or failed publishing, with its file, a title and no
 * library document holding the same file) and why the others do not. Only those are sent, as status 5.
 */
export function PublishDrawer({
  rows,
  onClose,
  onDone,
}: {
  rows: SpiderDocumentDTO[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { tree } = useDocumentCategoryTree({ hideEmpty: false });
  const [userIds, setUserIds] = React.useState<number[]>(rememberedUser);
  const [path, setPath] = React.useState<number[]>([]);
  const [price, setPrice] = React.useState('0');
  const [language, setLanguage] = React.useState('');
  const [errors, setErrors] = React.useState<{ user?: string; category?: string; price?: string }>({});
  const ids = React.useId();
  const languageName = useLanguageName();
  const ready = rows.filter(canPublish);

  const publish = useMutation(
    trpc.spiderDocument.batchUpdate.mutationOptions({
      onSuccess: () => {
        try {
          localStorage.setItem(USER_KEY, String(userIds[0]));
        } catch {
          // private mode: nothing to remember
        }
        if (rows.some((r) => publishBlocker(r) === 'title')) toast.warning(t('spider.publish.skipped'));
        toast.success(t('spider.publish.queued'));
        onDone();
      },
      onError: (e) => reportFormError(null, e),
    }),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!userIds[0]) next.user = t('spider.publish.userRequired');
    if (path.length === 0) next.category = t('spider.publish.categoryRequired');
    if (!/^\d+$/.test(price.trim())) next.price = t('spider.publish.priceInvalid');
    setErrors(next);
    if (Object.keys(next).length) return;
    if (ready.length === 0) {
      toast.error(t('spider.publish.titleEmpty'));
      return;
    }
    publish.mutate({
      spider_document: ready.map((d) => ({
        id: d.id,
        status: 5,
        user_id: userIds[0],
        category_id: JSON.stringify(path),
        price: Number(price) || 0,
        language: d.language || language,
      })),
    });
  };

  return (
    <Sheet open onOpenChange={(v) => !v && !publish.isPending && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-2xl" aria-describedby={undefined}>
        <SheetTitle>{t('spider.publish.title')}</SheetTitle>
        <form noValidate onSubmit={submit} className="flex flex-1 flex-col gap-4">
          <Field label={t('spider.publish.user')} htmlFor={`${ids}-user`} error={errors.user}>
            <UserPicker
              id={`${ids}-user`}
              multiple={false}
              value={userIds}
              onChange={setUserIds}
              placeholder={t('spider.publish.userPlaceholder')}
              aria-label={t('spider.publish.user')}
              aria-invalid={!!errors.user}
            />
          </Field>
          <Field label={t('spider.publish.category')} htmlFor={`${ids}-category`} error={errors.category}>
            <CategoryCascader
              id={`${ids}-category`}
              tree={tree}
              value={path}
              onChange={setPath}
              invalid={!!errors.category}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('spider.publish.price')} htmlFor={`${ids}-price`} error={errors.price}>
              <Input
                id={`${ids}-price`}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
              />
            </Field>
            <Field label={t('spider.publish.language')} htmlFor={`${ids}-language`}>
              <LanguageSelect id={`${ids}-language`} value={language} onChange={setLanguage} />
            </Field>
          </div>
          <Alert>
            <InfoIcon />
            <AlertDescription>
              <p>{t('spider.publish.rule')}</p>
              <p>{t('spider.publish.ruleMore')}</p>
            </AlertDescription>
          </Alert>
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full min-w-[520px] text-sm">
              <thead className="bg-muted/50 text-left text-muted-foreground text-xs">
                <tr>
                  <th className="px-3 py-2 font-medium">{t('spider.publish.conditions')}</th>
                  <th className="px-3 py-2 font-medium">{t('spider.publish.columns.id')}</th>
                  <th className="px-3 py-2 font-medium">{t('spider.publish.columns.language')}</th>
                  <th className="px-3 py-2 font-medium">{t('spider.publish.columns.title')}</th>
                  <th className="px-3 py-2 font-medium">{t('spider.publish.columns.size')}</th>
                  <th className="px-3 py-2 font-medium">{t('spider.publish.columns.ext')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((d) => {
                  const blocker = publishBlocker(d);
                  const lang = d.language || language;
                  return (
                    <tr key={d.id} className="border-t" data-testid="publish-row">
                      <td className="px-3 py-2">
                        {blocker === null ? (
                          <Badge variant="success">{t('spider.publish.ok')}</Badge>
                        ) : (
                          <div className="grid justify-items-start gap-1">
                            <Badge variant="destructive">{t('spider.publish.notOk')}</Badge>
                            <span className="text-destructive text-xs" data-testid="publish-reason">
                              {t(`spider.publish.reasons.${blocker}`)}
                              {blocker === 'duplicate' ? ` #${d.duplicate_document_id}` : ''}
                            </span>
                          </div>
                        )}
                      </td>
                      <td className="px-3 py-2">{d.id}</td>
                      <td className="px-3 py-2">{lang ? languageName(lang) : '-'}</td>
                      <td className="max-w-56 px-3 py-2">
                        <span className="line-clamp-2">{d.title || '-'}</span>
                      </td>
                      <td className="whitespace-nowrap px-3 py-2">{d.size ? formatBytes(d.size) : '-'}</td>
                      <td className="px-3 py-2 font-mono text-xs">{d.ext || '-'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="mt-auto flex justify-end gap-2 border-t pt-4">
            <Button type="button" variant="outline" onClick={onClose} disabled={publish.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={ready.length === 0 || publish.isPending}>
              {t('spider.publish.submit')}
            </Button>
          </div>
        </form>
      </SheetContent>
    </Sheet>
  );
}
