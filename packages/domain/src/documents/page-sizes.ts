/** The widths page images are served in besides their own (`?w=`, issue 20): phones at 1×–3× and narrow columns. */
export const PAGE_WIDTHS = [480, 720, 960] as const;

/** Where the resized copies of a document's pages are kept, beside the pages in the preview folder. */
export const pageVariantDirs = (previewFolder: string) => PAGE_WIDTHS.map((w) => `${previewFolder}/w${w}`);
