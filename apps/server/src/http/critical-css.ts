import type Beasties from 'beasties';
import { type AttributeAction, parse, type Selector, SelectorType } from 'css-what';

/**
 * Pseudo-classes a painted page's markup answers by itself (its structure): kept when a rule's selector is matched
 * against the markup. Any other one (`:hover`, `:focus-visible`, `:checked`, `:dir()` …) depends on the visitor or
 * the browser: the rule is taken as if it could match.
 */
const STRUCTURAL = new Set([
  'first-child',
  'last-child',
  'only-child',
  'first-of-type',
  'last-of-type',
  'only-of-type',
  'nth-child',
  'nth-last-child',
  'nth-of-type',
  'nth-last-of-type',
  'empty',
  'root',
]);
/** Pseudo-classes holding selectors, matched by what they hold. */
const ANY_OF = new Set(['is', 'where', 'matches', '-webkit-any']);

/** How React writes these characters inside an attribute value (the markup is matched as written, undecoded). */
const AS_WRITTEN: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const asWritten = (value: string) => value.replace(/[&<>"']/g, (c) => AS_WRITTEN[c] ?? c);

const universal: Selector = { type: SelectorType.Universal, namespace: null };
const isTraversal = (t: Selector) =>
  t.type === SelectorType.Descendant ||
  t.type === SelectorType.Child ||
  t.type === SelectorType.Sibling ||
  t.type === SelectorType.Adjacent ||
  t.type === SelectorType.Parent ||
  t.type === SelectorType.ColumnCombinator;

/**
 * One complex selector as it can be matched against the painted markup: what only the visitor's actions or the
 * browser decide is left out (the rule may match), `:is()`/`:where()`/`:not()`/`:has()` are matched by what they
 * hold, and attribute values (class names such as `[&_svg]:size-5`) are written as in the markup. `dropped` says
 * something was left out, which makes a `:not()` or `:has()` holding it unknowable (left out whole).
 */
function matchable(tokens: Selector[]): { tokens: Selector[]; dropped: boolean } {
  const out: Selector[] = [];
  let dropped = false;
  for (const t of tokens) {
    if (t.type === SelectorType.PseudoElement) {
      dropped = true;
      continue;
    }
    if (t.type === SelectorType.Attribute) {
      out.push({ ...t, value: asWritten(t.value) });
      continue;
    }
    if (t.type === SelectorType.Pseudo) {
      if (STRUCTURAL.has(t.name)) {
        out.push(t);
        continue;
      }
      if (Array.isArray(t.data) && (ANY_OF.has(t.name) || t.name === 'not' || t.name === 'has')) {
        const inner = t.data.map(matchable);
        const innerDropped = inner.some((s) => s.dropped);
        if ((t.name === 'not' || t.name === 'has') && innerDropped) {
          dropped = true;
          continue;
        }
        dropped ||= innerDropped;
        out.push({ ...t, data: inner.map((s) => (s.tokens.length ? s.tokens : [universal])) });
        continue;
      }
      dropped = true;
      continue;
    }
    out.push(t);
  }
  // A compound left empty between combinators (`:hover > .x`) stands for any element.
  const fixed: Selector[] = [];
  for (const t of out) {
    if (isTraversal(t) && (fixed.length === 0 || isTraversal(fixed[fixed.length - 1] as Selector)))
      fixed.push(universal);
    fixed.push(t);
  }
  if (fixed.length > 0 && isTraversal(fixed[fixed.length - 1] as Selector)) fixed.push(universal);
  return { tokens: fixed, dropped };
}

/** A name as a CSS identifier: every character but letters, digits, `-`, `_` and non-ASCII escaped. */
function ident(name: string): string {
  return name.replace(/[^a-zA-Z0-9_\-\u00a0-\uffff]/g, (c) => `\\${c}`).replace(/^(-?)(\d)/, '$1\\3$2 ');
}

const OPERATOR: Record<AttributeAction, string> = {
  exists: '',
  equals: '=',
  element: '~=',
  start: '^=',
  end: '$=',
  any: '*=',
  not: '!=',
  hyphen: '|=',
};
const COMBINATOR: Partial<Record<SelectorType, string>> = {
  [SelectorType.Descendant]: ' ',
  [SelectorType.Child]: ' > ',
  [SelectorType.Sibling]: ' ~ ',
  [SelectorType.Adjacent]: ' + ',
  [SelectorType.Parent]: ' < ',
  [SelectorType.ColumnCombinator]: ' || ',
};

/** Tokens written back as a selector (css-what's own writer leaves `/`, `,` and `&` of class names unescaped). */
function write(list: Selector[][]): string {
  return list
    .map((tokens) =>
      tokens
        .map((t) => {
          switch (t.type) {
            case SelectorType.Tag:
              return ident(t.name);
            case SelectorType.Universal:
              return '*';
            case SelectorType.Attribute:
              if (t.name === 'class' && t.action === 'element') return `.${ident(t.value)}`;
              if (t.name === 'id' && t.action === 'equals') return `#${ident(t.value)}`;
              return t.action === 'exists'
                ? `[${ident(t.name)}]`
                : `[${ident(t.name)}${OPERATOR[t.action]}"${t.value.replace(/["\\]/g, (c) => `\\${c}`)}"${t.ignoreCase === true ? ' i' : ''}]`;
            case SelectorType.Pseudo:
              if (t.data === null) return `:${t.name}`;
              return `:${t.name}(${typeof t.data === 'string' ? t.data : write(t.data)})`;
            case SelectorType.PseudoElement:
              return '';
            default:
              return COMBINATOR[t.type] ?? ' ';
          }
        })
        .join(''),
    )
    .join(', ');
}

/**
 * The selector beasties matches against a page's markup to decide whether a rule is critical. Beasties' own removes
 * every pseudo-class with what it holds, so `:where(.divide-y > :not(:last-child))` became empty and the rule was
 * left out; and it matches class names against the markup as written (`[&amp;_svg]:size-5`), so no class holding
 * `&`, `>` or `'` ever matched. Both left the painted page styled otherwise than by the full stylesheet: when that
 * arrived, the whole page was laid out again (issue 17, total blocking time). Returns `undefined` for a selector
 * this cannot read (beasties' own is used then).
 */
export function matchableSelector(selector: string): string | undefined {
  let list: Selector[][];
  try {
    list = parse(selector);
  } catch {
    return undefined;
  }
  return write(list.map((s) => matchable(s).tokens).map((s) => (s.length ? s : [universal])));
}

/**
 * The critical-CSS inliner for the web build in `dist`: beasties with the selector matching above. beasties is
 * imported here, with the first page painted, not when the server starts (apps/server/src/bundle.int.test.ts).
 */
export async function createCriticalCss(dist: string): Promise<Beasties> {
  const { default: BeastiesClass } = await import('beasties');
  // Beasties' own selector normalisation (a method its types do not declare).
  const beastiesNormalize = (BeastiesClass.prototype as unknown as { normalizeCssSelector(s: string): string })
    .normalizeCssSelector;
  class PageBeasties extends BeastiesClass {
    /** Each selector of the stylesheet read once for all pages painted (as beasties' own method caches). */
    private readonly matchable = new Map<string, string>();
    normalizeCssSelector(selector: string): string {
      let out = this.matchable.get(selector);
      if (out === undefined) {
        out = matchableSelector(selector) ?? beastiesNormalize.call(this, selector);
        this.matchable.set(selector, out);
      }
      return out;
    }
  }
  return new PageBeasties({
    path: dist,
    publicPath: '/',
    // A link at the end of the body: CSP-safe (no onload handler), and it blocks nothing painted above it.
    preload: 'body',
    // The theme switch sets `dark` on <html> in the browser; its rules must come along.
    allowRules: [/\.dark\b/],
    pruneSource: false,
    reduceInlineStyles: false,
    logLevel: 'silent',
  });
}
