import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { formatBytes } from '@/components/documents/format';
import { fileKey, runLimited, sortPickedFiles, titleFromFileName } from '@/components/documents/upload-checks';
import type { UploadItem } from '@/components/documents/upload-item-row';
import { hashFile, proveFile, sendDocumentFile } from '@/components/documents/upload-transport';
import type { useDocumentSettings } from '@/components/documents/use-document-data';
import { toastLater as toast } from '@/components/layout/lazy-toaster';
import { useTranslation } from '@/i18n/areas/account';
import { errorMessage, toApiError } from '@/lib/api-error';
import { refreshUser } from '@/lib/auth';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { type Shared, type SharedInput, sharedSchema } from './shared-schema';

/** The server refused an instant upload's proof (spent, expired, the file changed): the file goes up instead. */
const isProofRefusal = (e: unknown) => toApiError(e).data.fields?.some((f) => f.field === 'proof') ?? false;

/** Two files at a time, as moredoc's upload page (moredoc-facts §21.3). */
const PARALLEL_UPLOADS = 2;

export type UploadForm = UseFormReturn<SharedInput, unknown, Shared>;
type Settings = ReturnType<typeof useDocumentSettings>;

/**
 * The upload queue: the picked files, their transfers (hash, instant-upload proof or upload, then create) two at a
 * time, retry and removal. Leaving the page stops the transfers; the browser asks first while files are on their way.
 */
export function useUploadQueue(form: UploadForm, settings: Settings) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [items, setItems] = React.useState<UploadItem[]>([]);
  const [running, setRunning] = React.useState(false);
  // 👑 加入VIP文档: every file queued, and every file added later, starts as a VIP document (moredoc-pro-facts §2.7).
  const [allVip, setAllVipState] = React.useState(false);
  const controllers = React.useRef(new Map<string, AbortController>());
  const results = React.useRef<HTMLDivElement>(null);
  const itemsRef = React.useRef(items);
  itemsRef.current = items;

  const update = React.useCallback((key: string, patch: Partial<UploadItem>) => {
    setItems((list) => list.map((it) => (it.key === key ? { ...it, ...patch } : it)));
  }, []);

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

  const setAllVip = (vip: boolean) => {
    setAllVipState(vip);
    setItems((list) => list.map((it) => (it.phase === 'done' ? it : { ...it, vip })));
  };

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

  const clearDone = () => setItems((list) => list.filter((x) => x.phase !== 'done'));

  return { items, running, allVip, setAllVip, results, update, addFiles, start, retry, remove, clearDone };
}
