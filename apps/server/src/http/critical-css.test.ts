import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCriticalCss, matchableSelector } from './critical-css.ts';

// Rules as Tailwind writes them (the web build's stylesheet): arbitrary variants with `&`, opacity modifiers with
// `/`, child rules inside `:where()`, states and pseudo-elements.
const STYLESHEET = String.raw`
.flex{display:flex}
.unused{color:red}
.\[\&_svg\]\:size-5 svg{width:1.25rem;height:1.25rem}
.\[\&\>\*\]\:p-1>*{padding:.25rem}
.text-white\/85{color:#ffffffd9}
:where(.divide-y>:not(:last-child)){border-bottom-width:1px}
:where(.space-y-9>:not(:last-child)){margin-block-end:2rem}
.hover\:underline:hover{text-decoration-line:underline}
.focus-visible\:ring:focus-visible{outline:2px solid}
.peer:checked~.peer-checked\:block{display:block}
.placeholder\:text-gray::placeholder{color:gray}
.not-last\:border-r:not(:last-child){border-right-width:1px}
.last\:hidden:last-child{display:none}
.md\:grid-cols-\[18rem_minmax\(0\,1fr\)\]{grid-template-columns:18rem minmax(0,1fr)}
.\32xl\:p-4{padding:1rem}
.has-\[\:focus\]\:ring:has(:focus){outline:1px solid}
`;

// The markup as React writes it: `&`, `>` and `'` of class names as character references.
const PAGE = `<!doctype html><html><head><link rel="stylesheet" href="/assets/site.css"></head><body><div id="root">
<div class="flex text-white/85"><span class="[&amp;_svg]:size-5"><svg class="lucide"></svg></span>
<ul class="divide-y [&amp;&gt;*]:p-1"><li class="not-last:border-r last:hidden">a</li><li class="not-last:border-r last:hidden">b</li></ul>
<a class="hover:underline focus-visible:ring" href="/">x</a><input class="peer placeholder:text-gray"><p class="peer-checked:block">y</p>
<div class="md:grid-cols-[18rem_minmax(0,1fr)] 2xl:p-4 has-[:focus]:ring"></div></div></body></html>`;

const dist = mkdtempSync(join(tmpdir(), 'wenku-critical-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('critical CSS of a painted page', () => {
  it("inlines every rule that styles the page's markup, so the full stylesheet changes nothing when it arrives", async () => {
    writeFileSync(join(dist, 'site.css'), STYLESHEET);
    const html = await (await createCriticalCss(dist)).process(PAGE.replace('/assets/site.css', '/site.css'));
    const inlined = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    for (const rule of [
      '.flex{',
      String.raw`.\[\&_svg\]\:size-5 svg{`,
      String.raw`.\[\&\>\*\]\:p-1>*{`,
      String.raw`.text-white\/85{`,
      ':where(.divide-y>:not(:last-child)){',
      '.hover\\:underline:hover{',
      '.focus-visible\\:ring:focus-visible{',
      '.peer:checked~.peer-checked\\:block{',
      '.placeholder\\:text-gray::placeholder{',
      '.not-last\\:border-r:not(:last-child){',
      '.last\\:hidden:last-child{',
      String.raw`.md\:grid-cols-\[18rem_minmax\(0\,1fr\)\]{`,
      '.\\32xl\\:p-4{',
      '.has-\\[\\:focus\\]\\:ring:has(:focus){',
    ])
      expect(inlined).toContain(rule);
    // What the page does not use stays in the full stylesheet, which still loads after the content.
    expect(inlined).not.toContain('.unused');
    expect(inlined).not.toContain('space-y-9');
    expect(html.indexOf('<link rel="stylesheet" href="/site.css">')).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  it('matches selectors by what the markup shows, leaving out what only the visitor or browser decides', () => {
    expect(matchableSelector(':where(.divide-y>:not(:last-child))')).toBe(':where(.divide-y > :not(:last-child))');
    expect(matchableSelector(String.raw`.\[\&_svg\]\:size-5 svg`)).toBe(String.raw`.\[\&amp\;_svg\]\:size-5 svg`);
    expect(matchableSelector(String.raw`.text-white\/85`)).toBe(String.raw`.text-white\/85`);
    expect(matchableSelector('.group:hover .x')).toBe('.group .x');
    expect(matchableSelector(':hover>.x')).toBe('* > .x');
    expect(matchableSelector('.a:not(.b:focus)')).toBe('.a');
    expect(matchableSelector('::selection')).toBe('*');
    expect(matchableSelector('li:nth-child(2n+1)')).toBe('li:nth-child(2n+1)');
    expect(matchableSelector('[data-state="open"]')).toBe('[data-state="open"]');
    // Not a selector it can read: beasties' own handling is used.
    expect(matchableSelector('a[')).toBeUndefined();
  });
});
