import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DocumentDTO, DocumentStatus, updateDocumentInput } from '@wenku/shared';
import { CrownIcon, LoaderCircleIcon } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '@/components/forms/field';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeading } from '@/components/ui/dialog';
import { Switch } from '@/components/ui/form-controls';
import { Input, Textarea } from '@/components/ui/input';
import { useTranslation } from '@/i18n/react';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { formMessage } from '@/lib/form-message';
import { formResolver } from '@/lib/form-resolver';
import { useTRPC } from '@/lib/trpc';
import { CategoryCascader } from './category-cascader';
import { deepestPath } from './category-path';
import { LanguageSelect } from './language-select';
import { useDocumentCategoryTree, useDocumentSettings } from './use-document-data';

type Values = z.input<typeof updateDocumentInput>;

/**
 * 编辑文档 (moredoc-facts §21.2, §6.6): title, categories (the whole cascade path), price, language, keywords and
 * summary, for the owner and administrators, and the VIP文档 switch while VIP is on (moredoc-pro-facts §5.4). Saving
 * refreshes the lists and hands the saved document back.
 */
export function DocumentEditDialog({
  document: doc,
  onClose,
  onSaved,
}: {
  document: DocumentDTO;
  onClose: () => void;
  onSaved?: (doc: DocumentDTO) => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { tree } = useDocumentCategoryTree({ hideEmpty: false });
  const { creditName, maxPrice, vipEnabled } = useDocumentSettings();
  const form = useForm<Values, unknown, z.output<typeof updateDocumentInput>>({
    resolver: formResolver(updateDocumentInput),
    defaultValues: {
      id: doc.id,
      title: doc.title,
      keywords: doc.keywords,
      description: doc.description,
      price: doc.price,
      language: doc.language,
      category_id: deepestPath(tree, doc.category_id),
      // Sent only while VIP is on, so saving with VIP off leaves the flag as it was.
      ...(vipEnabled ? { is_vip: doc.is_vip } : {}),
    },
  });
  // The categories may arrive after the dialog opened (the back office does not prefetch them).
  const treeReady = tree.length > 0;
  React.useEffect(() => {
    if (treeReady && !form.getFieldState('category_id').isDirty) {
      form.setValue('category_id', deepestPath(tree, doc.category_id));
    }
  }, [treeReady, tree, doc.category_id, form]);
  const save = useMutation(
    trpc.document.update.mutationOptions({
      onSuccess: async (saved) => {
        // The owner's edit of a public document may go back to review (hidden until approved).
        if (saved.status === DocumentStatus.PendingReview && doc.status !== DocumentStatus.PendingReview) {
          toast.info(t('documents.edit.savedPending'), { duration: 8000 });
        } else toast.success(t('documents.edit.saved'));
        await queryClient.invalidateQueries(trpc.document.list.pathFilter());
        onSaved?.(saved);
        onClose();
      },
      onError: (e) => {
        for (const [field, message] of Object.entries(fieldErrors(e))) {
          form.setError(field as keyof Values, { message });
        }
        toast.error(errorMessage(e));
      },
    }),
  );
  const err = (name: keyof Values) => formMessage(form.formState.errors[name]?.message);
  const overMax = (price: unknown) => maxPrice > 0 && Number(price) > maxPrice;
  return (
    <Dialog open onOpenChange={(v) => !v && !save.isPending && onClose()}>
      <DialogContent className="sm:max-w-2xl" aria-describedby={undefined}>
        <DialogHeading title={t('documents.edit.title')} />
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => {
            if (overMax(values.price)) {
              form.setError('price', { message: t('documents.validation.priceOverMax', { max: maxPrice }) });
              return;
            }
            save.mutate(values);
          })}
        >
          <Field label={t('documents.fields.title')} htmlFor="doc-edit-title" error={err('title')}>
            <Input id="doc-edit-title" aria-invalid={!!err('title')} {...form.register('title')} />
          </Field>
          <Field label={t('documents.fields.category')} htmlFor="doc-edit-category" error={err('category_id')}>
            <Controller
              control={form.control}
              name="category_id"
              render={({ field }) => (
                <CategoryCascader
                  id="doc-edit-category"
                  tree={tree}
                  value={(field.value as number[] | undefined) ?? []}
                  onChange={field.onChange}
                />
              )}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('documents.fields.price', { name: creditName })}
              htmlFor="doc-edit-price"
              error={err('price')}
              hint={t('documents.fields.priceHint')}
            >
              <Input
                id="doc-edit-price"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                aria-invalid={!!err('price')}
                {...form.register('price')}
              />
            </Field>
            <Field label={t('documents.fields.language')} htmlFor="doc-edit-language" error={err('language')}>
              <Controller
                control={form.control}
                name="language"
                render={({ field }) => (
                  <LanguageSelect id="doc-edit-language" value={field.value ?? ''} onChange={field.onChange} />
                )}
              />
            </Field>
          </div>
          {vipEnabled ? (
            <div className="flex items-start gap-3 rounded-md border border-amber-300/60 bg-amber-50/60 px-3 py-2.5 dark:border-amber-700/50 dark:bg-amber-950/30">
              <Controller
                control={form.control}
                name="is_vip"
                render={({ field }) => (
                  <Switch
                    id="doc-edit-vip"
                    className="mt-0.5"
                    checked={field.value === true}
                    onCheckedChange={field.onChange}
                  />
                )}
              />
              <div className="grid gap-0.5">
                <label htmlFor="doc-edit-vip" className="inline-flex items-center gap-1 font-medium text-sm">
                  <CrownIcon className="size-4 text-amber-500" aria-hidden />
                  {t('documents.vip.document')}
                </label>
                <p className="text-muted-foreground text-xs">{t('documents.vip.editHint')}</p>
              </div>
            </div>
          ) : null}
          <Field
            label={t('documents.fields.keywords')}
            htmlFor="doc-edit-keywords"
            error={err('keywords')}
            hint={t('documents.fields.keywordsHint')}
          >
            <Input id="doc-edit-keywords" {...form.register('keywords')} />
          </Field>
          <Field label={t('documents.fields.description')} htmlFor="doc-edit-description" error={err('description')}>
            <Textarea id="doc-edit-description" rows={4} {...form.register('description')} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <LoaderCircleIcon className="animate-spin" /> : null}
              {t('save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
