/**
 * Apart from the back office's pagination, which brings the select menu with it: the public pager needs only this
 * (issue 17).
 */

/** Page numbers to show: first, last, and two around the current page, with gaps as null. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const list = [...wanted].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of list) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev > 1) out.push(null);
    out.push(p);
  }
  return out;
}
