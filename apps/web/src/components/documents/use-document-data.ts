import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@wenku/shared';
import { useMemo } from 'react';
import { buildCategoryTree, type CategoryNode } from '@/components/layout/nav';
import { creditName, settingBool, settingList, settingText } from '@/components/layout/site-settings';
import { CATEGORY_INPUT } from '@/hooks/use-header-data';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { useTRPC } from '@/lib/trpc';
import { allowedExtensions, maxDocumentMb } from './upload-checks';

/**
 * The enabled document categories as a tree, from the query the site layout already prefetches. Forms pass
 * `hideEmpty: false` (a document may be filed into an empty category); menus honour
 * display.hide_category_without_document.
 */
export function useDocumentCategoryTree({ hideEmpty }: { hideEmpty: boolean }) {
  const trpc = useTRPC();
  const settings = useSiteSettings();
  const q = useQuery(trpc.category.list.queryOptions(CATEGORY_INPUT));
  const hide = hideEmpty && settingBool(settings, 'display', 'hide_category_without_document');
  const tree = useMemo<CategoryNode[]>(() => buildCategoryTree(q.data?.category ?? [], 0, hide), [q.data, hide]);
  return { tree, rows: q.data?.category, isPending: q.isPending, error: q.error, refetch: q.refetch };
}

/** Document settings in one place, with moredoc's defaults (moredoc-facts §4.3, §4.9). */
export function documentSettings(s: PublicSettings | undefined) {
  const perRead = Number(settingText(s, 'display', 'pages_per_read'));
  return {
    creditName: creditName(s),
    pagesPerRead: Number.isFinite(perRead) && perRead > 0 ? Math.floor(perRead) : 5,
    maxMb: maxDocumentMb(s?.security?.max_document_size),
    allowed: allowedExtensions(settingList(s, 'security', 'document_allowed_ext')),
    showDescriptions:
      s?.display?.show_document_descriptions === undefined
        ? true
        : settingBool(s, 'display', 'show_document_descriptions'),
    listStyle: settingText(s, 'display', 'index_document_style') === 'list' ? ('list' as const) : ('card' as const),
    guestDownload: settingBool(s, 'download', 'enable_guest_download'),
    /** VIP documents, their badges and switches exist only while VIP is on (moredoc-pro-facts §5.4). */
    vipEnabled: settingBool(s, 'vip', 'enable'),
    maxPrice: Number(settingText(s, 'download', 'max_price')) || 0,
    agreementHref: settingText(s, 'footer', 'agreement'),
    languages: s?.language ?? [],
  };
}

export function useDocumentSettings() {
  return documentSettings(useSiteSettings());
}

/** Whether VIP is on (vip.enable): VIP badges, filters and switches show only then. */
export function useVipEnabled() {
  return settingBool(useSiteSettings(), 'vip', 'enable');
}

/** The name of a language code among the enabled ones, else the code. */
export function useLanguageName(): (code: string) => string {
  const { languages } = useDocumentSettings();
  return (code: string) => languages.find((l) => l.code === code)?.language ?? code;
}
