/**
 * A feed line from the server (moredoc-facts §14) is HTML of one shape: text with escaped values and links to pages of
 * this site (`<a href="/document/…">title</a>`). It is read into plain segments and rendered with React, never as
 * HTML, so nothing but those links can ever reach the page.
 */
export type FeedSegment = { text: string } | { text: string; href: string };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);
const stripTags = (s: string) => s.replace(/<[^>]*>/g, '');

export function parseFeedHtml(html: string): FeedSegment[] {
  const out: FeedSegment[] = [];
  const re = /<a href="([^"]*)">([\s\S]*?)<\/a>/g;
  let at = 0;
  for (const m of html.matchAll(re)) {
    const i = m.index ?? 0;
    if (i > at) out.push({ text: decode(stripTags(html.slice(at, i))) });
    const href = decode(m[1] ?? '');
    const text = decode(stripTags(m[2] ?? ''));
    // Only paths of this site are links; anything else stays text.
    out.push(/^\/(?!\/)/.test(href) ? { text, href } : { text });
    at = i + m[0].length;
  }
  if (at < html.length) out.push({ text: decode(stripTags(html.slice(at))) });
  return out.filter((s) => s.text.length > 0);
}
