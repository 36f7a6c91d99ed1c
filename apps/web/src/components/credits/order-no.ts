/**
 * The order number of an /order URL, read from the raw query string. Order numbers are long digit strings: the
 * router's default search parser turns `?order_no=2026…` (the form payment providers return to) into a number and
 * loses digits (its `searchStr` is rebuilt from that number too), and links the router writes itself carry it
 * JSON-quoted (`?order_no=%222026…%22`). Both read back exactly here.
 */
export function orderNoFromSearch(searchStr: string): string {
  const raw = new URLSearchParams(searchStr).get('order_no')?.trim() ?? '';
  if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      return typeof parsed === 'string' ? parsed.trim() : '';
    } catch {
      return '';
    }
  }
  return raw;
}
