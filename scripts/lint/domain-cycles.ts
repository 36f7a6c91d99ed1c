/**
 * No import cycles between the domain areas (packages/domain/src/<area>/), issue 21. dependency-cruiser reads the
 * imports (runtime ones: `import type` does not tie areas together at run time); this script folds them into a graph
 * of areas and fails on every area edge that lies on a cycle. The files at the root of src (errors.ts, context.ts,
 * permissions.ts, usernames.ts, …) count as one more node, `(kernel)`, so a cycle through them is found too; index.ts,
 * which re-exports everything, is left out. How to break a cycle: docs/architecture.md. Run by `npm run lint`.
 */
import { cruise, type ICruiseResult } from 'dependency-cruiser';

const ROOT = 'packages/domain/src';
const KERNEL = '(kernel)';

const areaOf = (path: string): string | undefined => {
  if (!path.startsWith(`${ROOT}/`) || path === `${ROOT}/index.ts`) return undefined;
  return new RegExp(`^${ROOT}/([^/]+)/`).exec(path)?.[1] ?? KERNEL;
};

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
  const graph = areaGraph(output as ICruiseResult);
  const edges = cycleEdges(graph);
  for (const e of edges)
    console.error(`domain cycles: import cycle through ${e} (break it: docs/architecture.md, "Domain areas")`);
  if (edges.length) process.exit(1);
  console.log(`domain cycles: none among ${graph.size} areas`);
}

await main();
