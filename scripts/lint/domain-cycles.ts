/**
 * No import cycles between the domain areas (packages/domain/src/<area>/), issue 21. dependency-cruiser reads the
 * imports (runtime ones: `import type` does not tie areas together at run time); this script folds them into a graph
 * of areas and lists every area edge that lies on a cycle. Today's such edges are the known baseline
 * (domain-cycles.baseline.json): a new one fails, and so does a baseline edge that no longer closes a cycle, so the
 * baseline can only shrink. Run by `npm run lint`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cruise, type ICruiseResult } from 'dependency-cruiser';

const ROOT = 'packages/domain/src';
const BASELINE = new URL('./domain-cycles.baseline.json', import.meta.url);

const areaOf = (path: string) => new RegExp(`^${ROOT}/([^/]+)/`).exec(path)?.[1];

/** Area → areas it imports, from dependency-cruiser's module graph (tests and stand-ins left out). */
function areaGraph(result: ICruiseResult): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const m of result.modules) {
    const from = areaOf(m.source);
    if (!from) continue;
    const out = graph.get(from) ?? new Set<string>();
    graph.set(from, out);
    for (const d of m.dependencies) {
      const to = areaOf(d.resolved);
      if (to && to !== from) out.add(to);
    }
  }
  return graph;
}

/** Every edge `a → b` whose ends share a strongly connected component (Tarjan), i.e. lies on some cycle. */
function cycleEdges(graph: Map<string, Set<string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let next = 0;
  let components = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (!component.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      let w: string | undefined;
      do {
        w = stack.pop()!;
        component.set(w, components);
      } while (w !== v);
      components++;
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  const edges: string[] = [];
  for (const [a, targets] of graph)
    for (const b of targets) if (component.get(a) === component.get(b)) edges.push(`${a} -> ${b}`);
  return edges.sort();
}

async function main() {
  const { output } = await cruise([ROOT], {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$|/testing/' },
    tsPreCompilationDeps: false,
  });
  const now = cycleEdges(areaGraph(output as ICruiseResult));
  if (process.argv.includes('--write-baseline')) {
    writeFileSync(BASELINE, `${JSON.stringify(now, null, 2)}\n`);
    console.log(`domain cycles: baseline written, ${now.length} edge(s)`);
    return;
  }
  const known: string[] = JSON.parse(readFileSync(BASELINE, 'utf8'));
  const added = now.filter((e) => !known.includes(e));
  const gone = known.filter((e) => !now.includes(e));
  for (const e of added)
    console.error(`domain cycles: new import cycle through ${e} (break it: an event or a lower module)`);
  for (const e of gone) console.error(`domain cycles: ${e} no longer closes a cycle: remove it from the baseline`);
  if (added.length || gone.length) {
    console.error('(scripts/lint/domain-cycles.ts --write-baseline rewrites it once only removals are left)');
    process.exit(1);
  }
  console.log(`domain cycles: ${now.length} known edge(s) on cycles, none new`);
}

await main();
