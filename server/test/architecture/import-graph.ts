import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export type ImportEdge = { from: string; to: string; typeOnly: boolean };

const SRC = resolve(import.meta.dirname, '../../src');

/** Every source file of the server (tests and test fixtures left out: they may reach anywhere). */
export function serverSourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return serverSourceFiles(path);
    if (!e.name.endsWith('.ts') || e.name.endsWith('.test.ts') || e.name.includes('fixture')) return [];
    return [path];
  });
}

// Static imports and re-exports (`import x from`, `import type`, `export * from`, `import './x'`) and
// dynamic `import('./x')`. Written by hand: the project's TypeScript compiler has no JavaScript API.
const STATIC = /^\s*(import|export)\s+(type\s+)?(?:[^;'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative imports (and re-exports) of one file, resolved to paths under server/src. */
export function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(file, 'utf8');
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    if (specifier.startsWith('.')) edges.push({ from: rel(file), to: rel(resolve(dirname(file), specifier)), typeOnly });
  };
  for (const m of text.matchAll(STATIC)) add(m[3], Boolean(m[2]));
  for (const m of text.matchAll(DYNAMIC)) add(m[1], false);
  return edges;
}

const rel = (path: string) => relative(SRC, path).split('\\').join('/');

/** The unit a file belongs to: `modules/<name>` for a module's files, else its top folder (lib, db, plugins) or itself. */
export function unitOf(path: string): string {
  const parts = path.split('/');
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : path;
}

/** The graph of `unit(file)`: which units each unit imports (imports inside a unit left out). */
export function importGraph(options: { includeTypeOnly: boolean }): Map<string, Set<string>> {
  const unit = unitOf;
  const graph = new Map<string, Set<string>>();
  for (const file of serverSourceFiles()) {
    for (const e of importsOf(file)) {
      if (e.typeOnly && !options.includeTypeOnly) continue;
      const [a, b] = [unit(e.from), unit(e.to)];
      if (a === b) continue;
      if (!graph.has(a)) graph.set(a, new Set());
      graph.get(a)?.add(b);
    }
  }
  return graph;
}

/** The cycles of a graph, each as the path that closes it (a → b → a), found by depth-first search. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}
