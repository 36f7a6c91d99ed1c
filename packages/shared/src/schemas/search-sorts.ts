/** The sorts of the search (zod-free: the web app's public shell reads them without the schemas, issue 17). */
export const SEARCH_SORTS = ['default', 'latest', 'pages', 'size', 'view_count', 'download_count'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
