import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isReasonKey } from '@wenku/shared';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every failure names a reason of the catalogue (packages/shared/src/reasons), never a sentence: a client tells
 * errors apart by key and reads them in its own language. The types already refuse a sentence where a key belongs;
 * this scan also refuses built texts (template literals, concatenations) passed where a reason goes.
 */
const ROOT = join(import.meta.dirname, '../../..');
const DIRS = ['packages/domain/src', 'packages/api/src', 'packages/shared/src', 'apps/server/src'];
const HELPERS = new Set(['invalid', 'forbidden', 'conflict', 'notFound']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** What a reason argument may be: a key, an object naming one, a conditional between those, or a variable. */
function badReason(arg: ts.Expression): string | null {
  if (ts.isStringLiteral(arg)) return isReasonKey(arg.text) ? null : `not a reason key: '${arg.text}'`;
  if (ts.isTemplateExpression(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return 'a text built in place';
  if (ts.isBinaryExpression(arg) && arg.operatorToken.kind === ts.SyntaxKind.PlusToken) return 'a concatenated text';
  if (ts.isConditionalExpression(arg)) return badReason(arg.whenTrue) ?? badReason(arg.whenFalse);
  if (ts.isParenthesizedExpression(arg)) return badReason(arg.expression);
  if (ts.isObjectLiteralExpression(arg)) {
    const key = arg.properties.find((p) => p.name?.getText() === 'key');
    if (key && ts.isPropertyAssignment(key)) return badReason(key.initializer);
  }
  return null;
}

describe('reasons in the source', () => {
  it('throws no DomainError with a sentence of its own', { timeout: 60_000 }, () => {
    const found: string[] = [];
    let calls = 0;
    for (const file of DIRS.flatMap((d) => sourceFiles(join(ROOT, d)))) {
      const text = readFileSync(file, 'utf8');
      if (!/DomainError|invalid\(|forbidden\(|conflict\(|notFound\(/.test(text)) continue;
      const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const visit = (n: ts.Node) => {
        let arg: ts.Expression | undefined;
        if (ts.isNewExpression(n) && n.expression.getText(sf) === 'DomainError') arg = n.arguments?.[1];
        else if (ts.isCallExpression(n) && HELPERS.has(n.expression.getText(sf))) arg = n.arguments[0];
        if (arg) {
          calls++;
          const bad = badReason(arg);
          const line = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
          if (bad) found.push(`${relative(ROOT, file)}:${line} ${bad}`);
        }
        ts.forEachChild(n, visit);
      };
      visit(sf);
    }
    expect(calls).toBeGreaterThan(300);
    expect(found).toEqual([]);
  });
});
