/** Asks `fn` every 300 ms until `ok` holds of its answer or `ms` have passed; returns the last answer either way. */
export async function pollUntil<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A search's total once it is `total` (the indexer caught up), or the last total after `ms`. */
export async function totalOnce(
  search: () => Promise<{ body: { total: number } }>,
  total: number,
  ms: number,
): Promise<number> {
  return (await pollUntil(search, (r) => r.body.total === total, ms)).body.total;
}
