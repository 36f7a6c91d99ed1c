import { stripSearchParams } from '@tanstack/react-router';
import { optionalBool as bool, optionalInt, optionalText, z } from '@/lib/search-schema';

/** The page sizes an admin list offers. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Spreads a TanStack Query result into the table's loading, fetching, error and retry props. */
export function queryTableState(q: {
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}) {
  return { loading: q.isPending, fetching: q.isFetching, error: q.error, onRetry: () => void q.refetch() };
}

/**
 * URL search params of an admin list (ARCHITECTURE.md rule 10): lenient on the client, so a hand-edited URL falls
 * back to defaults instead of failing; the server validates strictly again.
 */
export const listSearchSchema = z.object({
  page: z._default(z.catch(z.coerce.number().check(z.int(), z.minimum(1)), 1), 1),
  size: z._default(
    z.catch(
      z.coerce.number().check(
        z.int(),
        z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n)),
      ),
      10,
    ),
    10,
  ),
  wd: optionalText(100),
  order: z.catch(z.optional(z.string().check(z.maxLength(64), z.regex(/^[a-z_]+( (asc|desc))?$/))), undefined),
});
export type ListSearch = z.infer<typeof listSearchSchema>;

/** An optional number filter in the URL (status, type, group). */
export const optionalNumber = optionalInt(0);
/** An optional yes/no filter in the URL. */
export const optionalBool = bool();

/** Drops empty values so the URL stays short and the input omits unset filters. */
export function compact<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}

/** Paging defaults, kept out of the URL by the list routes. */
export const LIST_DEFAULTS = { page: 1, size: 10 } as const;

/**
 * The route options every paged admin list shares: its search schema, the defaults kept out of the URL, and the
 * search as the loader's dependencies (spread into `createFileRoute(...)({ ...listRouteOptions(schema), loader })`).
 */
export function listRouteOptions<S extends z.ZodMiniType<ListSearch>>(schema: S) {
  return {
    validateSearch: schema,
    // LIST_DEFAULTS are fields of ListSearch, which every list schema extends; the generic hides that from TypeScript.
    search: { middlewares: [stripSearchParams<z.output<S>>(LIST_DEFAULTS as never)] },
    loaderDeps: ({ search }: { search: z.output<S> }) => search,
  };
}

/** A one-value filter as moredoc's list parameters take it (`type: [1]`); unset stays unset. */
export const listParam = <T>(value: T | undefined): T[] | undefined => (value === undefined ? undefined : [value]);

/** The list procedure's input: paging, keyword and order of the URL plus the page's own filters. */
export function toListInput<F extends Record<string, unknown>>(search: ListSearch, filters?: F) {
  return compact({ page: search.page, size: search.size, wd: search.wd, order: search.order, ...filters });
}

/**
 * The URL search of a list whose filters each go to the procedure as a one-value list (`type: [1]`): the schema
 * (paging, `wd` and `order` plus `filters`) and the procedure input read from it.
 */
export function oneValueFilters<F extends Record<string, z.ZodMiniType>>(filters: F) {
  const searchSchema = z.extend(listSearchSchema, filters);
  const toInput = (s: ListSearch & { [K in keyof F]?: z.output<F[K]> }) =>
    toListInput(
      s,
      Object.fromEntries(Object.keys(filters).map((k) => [k, listParam((s as Record<string, unknown>)[k])])) as {
        [K in keyof F]?: NonNullable<z.output<F[K]>>[];
      },
    );
  return { searchSchema, toInput };
}

/** The search of a list filtered only by enabled or not (friend links, languages). */
export const enableListSearchSchema = z.extend(listSearchSchema, { enable: optionalBool });
/** That list's procedure input. */
export const toEnableListInput = (s: z.output<typeof enableListSearchSchema>) =>
  toListInput(s, { enable: listParam(s.enable) });

/** What an admin list route offers the hook: its search params and a navigate bound to the route. */
export interface ListRoute<S> {
  useSearch: () => S;
  useNavigate: () => (options: { search: (prev: NoInfer<S>) => NoInfer<S>; replace?: boolean }) => Promise<void>;
}

/** The parts of a TanStack Query result the table shows. */
interface ListQuery {
  data?: { total: number };
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The URL state of a paged admin list (ARCHITECTURE.md rule 10): `setSearch` changes filters and goes back to page 1,
 * `tableProps(query)` wires the DataTable's loading, paging and sorting to the query and the URL.
 */
export function useListSearch<S extends Partial<ListSearch>>(route: ListRoute<S>) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const setSearch = (patch: Partial<S>) =>
    navigate({ search: (s) => compact({ ...s, page: 1, ...patch }) as S, replace: true });
  const tableProps = (query: ListQuery) => ({
    ...queryTableState(query),
    total: query.data?.total,
    page: search.page,
    size: search.size,
    onPageChange: (page: number, size: number) => navigate({ search: (s) => ({ ...s, page, size }) }),
    order: search.order,
    onOrderChange: (order: string | undefined) => setSearch({ order } as Partial<S>),
  });
  return { search, setSearch, tableProps };
}
