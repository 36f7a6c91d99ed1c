/**
 * A small parser for the URL search params of the routes (issue 17), used through `search-schema.ts`. Every route
 * definition and its search schema are in the public shell, since the router knows every path: zod's classic API
 * weighed 26 KB gzip there, `zod/mini` still 16 KB, this a few hundred bytes. It offers the `zod/mini` functions the
 * routes use (`z.object`, `z.catch(z.optional(…))`, `.check(z.int())`…) with their meaning, and is a Standard Schema,
 * which the router takes as `validateSearch`. Forms and the shared API schemas keep zod: they load with the pages
 * that use them.
 */

type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false };
/** A test a value must pass (`z.int()`, `z.maxLength(64)`…). */
type Check<T> = (value: T) => boolean;

/** A schema: Standard Schema (what the router reads), `parse`, and further checks. */
export interface Schema<O = unknown, I = O> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'wenku';
    readonly validate: (value: unknown) => { value: O; issues?: undefined } | { issues: { message: string }[] };
    readonly types?: { readonly input: I; readonly output: O };
  };
  /** Runs the schema: its value, or `ok: false`. */
  readonly run: (value: unknown) => Result<O>;
  /** The value checked, or an error. */
  parse(value: unknown): O;
  /** The same schema with further checks. */
  check(...checks: Check<O>[]): Schema<O, I>;
}

type AnyStandard = { readonly '~standard': { readonly types?: { readonly input: unknown; readonly output: unknown } } };
/** A schema's output (any Standard Schema's, zod's too). */
export type output<T> = T extends AnyStandard ? NonNullable<T['~standard']['types']>['output'] : never;
/** A schema's input. */
export type input<T> = T extends AnyStandard ? NonNullable<T['~standard']['types']>['input'] : never;
export type infer<T> = output<T>;
/** A schema whose output is `O` (and its input anything). */
export type ZodMiniType<O = unknown> = Schema<O, unknown>;

const FAILED: Result<never> = { ok: false };

function schema<O, I = O>(run: (value: unknown) => Result<O>): Schema<O, I> {
  return {
    '~standard': {
      version: 1,
      vendor: 'wenku',
      validate: (value) => {
        const r = run(value);
        return r.ok ? { value: r.value } : { issues: [{ message: 'invalid search param' }] };
      },
    },
    run,
    parse(value) {
      const r = run(value);
      if (!r.ok) throw new Error('invalid search params');
      return r.value;
    },
    check: (...checks) =>
      schema<O, I>((value) => {
        const r = run(value);
        return r.ok && checks.every((c) => c(r.value)) ? r : FAILED;
      }),
  };
}

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const when = <T>(test: (value: unknown) => value is T) => schema<T>((v) => (test(v) ? ok(v) : FAILED));
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export const string = () => when((v): v is string => typeof v === 'string');
export const number = () => when(isNumber);
export const boolean = () => when((v): v is boolean => typeof v === 'boolean');
/** `Number(value)`, as zod's coercion does (`'3'` → 3, `'x'` → a failure). */
export const coerce = {
  number: () =>
    schema<number, unknown>((v) => {
      const n = Number(v);
      return isNumber(n) ? ok(n) : FAILED;
    }),
};

/** One of the values (an array, or an enum's object of values). */
function enum_<const T extends readonly (string | number)[]>(values: T): Schema<T[number]>;
function enum_<const T extends Record<string, string | number>>(values: T): Schema<T[keyof T]>;
function enum_(values: readonly (string | number)[] | Record<string, string | number>): Schema<string | number> {
  const list: readonly unknown[] = Array.isArray(values)
    ? values
    : // A numeric TypeScript enum also maps its values back to its names: only the values count.
      Object.entries(values as Record<string, string | number>)
        .filter(([, v]) => typeof (values as Record<string, unknown>)[v] !== 'number')
        .map(([, v]) => v);
  return when((v): v is string | number => list.includes(v));
}

export { enum_ as enum };

/** The value itself, or one of the values. */
export function literal<const T extends string | number | boolean>(value: T | readonly T[]): Schema<T> {
  const list: readonly unknown[] = Array.isArray(value) ? value : [value];
  return when((v): v is T => list.includes(v));
}

export function array<O, I>(item: Schema<O, I>): Schema<O[], I[]> {
  return schema((v) => {
    if (!Array.isArray(v)) return FAILED;
    const out: O[] = [];
    for (const x of v) {
      const r = item.run(x);
      if (!r.ok) return FAILED;
      out.push(r.value);
    }
    return ok(out);
  });
}

export function union<const S extends readonly Schema<unknown, unknown>[]>(
  options: S,
): Schema<output<S[number]>, input<S[number]>> {
  return schema((v) => {
    for (const o of options) {
      const r = o.run(v);
      if (r.ok) return r as Result<output<S[number]>>;
    }
    return FAILED;
  });
}

export const transform = <I, O>(fn: (value: I) => O): Schema<O, I> => schema((v) => ok(fn(v as I)));

export const pipe = <A extends Schema<unknown, unknown>, B extends Schema<unknown, unknown>>(
  a: A,
  b: B,
): Schema<output<B>, input<A>> =>
  schema((v) => {
    const r = a.run(v);
    return (r.ok ? b.run(r.value) : FAILED) as Result<output<B>>;
  });

export const optional = <O, I>(inner: Schema<O, I>): Schema<O | undefined, I | undefined> =>
  schema((v) => (v === undefined ? ok(undefined) : inner.run(v)));

/** The inner schema's value, or `fallback` when it fails. */
export const catch_ = <O, I>(inner: Schema<O, I>, fallback: O): Schema<O, I> =>
  schema((v) => {
    const r = inner.run(v);
    return r.ok ? r : ok(fallback);
  });
export { catch_ as catch };

/** `fallback` when the value is absent, else the inner schema's. */
export const _default = <O, I>(inner: Schema<O, I>, fallback: NoInfer<O>): Schema<O, I | undefined> =>
  schema((v) => (v === undefined ? ok(fallback) : inner.run(v)));

// Checks.
export const int = (): Check<number> => Number.isSafeInteger;
export const minimum =
  (min: number): Check<number> =>
  (v) =>
    v >= min;
export const maximum =
  (max: number): Check<number> =>
  (v) =>
    v <= max;
export const maxLength =
  (max: number): Check<{ length: number }> =>
  (v) =>
    v.length <= max;
export const regex =
  (re: RegExp): Check<string> =>
  (v) =>
    re.test(v);
export const refine =
  <T>(fn: (value: T) => unknown): Check<T> =>
  (v) =>
    !!fn(v);

type Shape = Record<string, Schema<unknown, unknown>>;
type Flat<T> = { [K in keyof T]: T[K] } & {};
/** Keys whose value may be undefined are optional, as zod's objects make them. */
type ObjectOf<S, Pick extends 'input' | 'output'> = Flat<
  {
    [K in keyof S as undefined extends (Pick extends 'input' ? input<S[K]> : output<S[K]>)
      ? K
      : never]?: Pick extends 'input' ? input<S[K]> : output<S[K]>;
  } & {
    [K in keyof S as undefined extends (Pick extends 'input' ? input<S[K]> : output<S[K]>)
      ? never
      : K]: Pick extends 'input' ? input<S[K]> : output<S[K]>;
  }
>;

/** An object schema: its shape (for extend, pick and omit) and its parser. */
export interface ObjectSchema<S extends Shape> extends Schema<ObjectOf<S, 'output'>, ObjectOf<S, 'input'>> {
  readonly shape: S;
}

/** The params of the shape; others are dropped, and an absent param stays absent. */
export function object<S extends Shape>(shape: S): ObjectSchema<S> {
  const keys = Object.keys(shape);
  const parser = schema<ObjectOf<S, 'output'>, ObjectOf<S, 'input'>>((v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return FAILED;
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const r = (shape[k] as Schema).run(input[k]);
      if (!r.ok) return FAILED;
      if (r.value !== undefined || k in input) out[k] = r.value;
    }
    return ok(out as ObjectOf<S, 'output'>);
  });
  return { ...parser, shape };
}

export const extend = <S extends Shape, E extends Shape>(base: ObjectSchema<S>, more: E) =>
  object({ ...base.shape, ...more } as Flat<Omit<S, keyof E> & E>);

export const pick = <S extends Shape, K extends keyof S>(base: ObjectSchema<S>, mask: { [k in K]: true }) =>
  object(Object.fromEntries(Object.keys(mask).map((k) => [k, base.shape[k]])) as Flat<Pick<S, K>>);

export const omit = <S extends Shape, K extends keyof S>(base: ObjectSchema<S>, mask: { [k in K]: true }) =>
  object(Object.fromEntries(Object.entries(base.shape).filter(([k]) => !(k in mask))) as Flat<Omit<S, K>>);
