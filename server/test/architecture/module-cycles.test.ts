import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph } from './import-graph.ts';

const show = (cycles: string[][]) => cycles.map((c) => c.join(' → '));

/** Only the modules (server/src/modules/<name>): lib, db, plugins and the composition root are shared below or above them. */
function moduleGraph() {
  const graph = importGraph({ includeTypeOnly: true });
  const isModule = (unit: string) => unit.startsWith('modules/');
  for (const [unit, targets] of graph) {
    if (!isModule(unit)) graph.delete(unit);
    else for (const t of targets) if (!isModule(t)) targets.delete(t);
  }
  return graph;
}

describe('server import graph', () => {
  it('has no cycle between server modules (type-only imports included)', () => {
    expect(show(cyclesOf(moduleGraph()))).toEqual([]);
  });

  it('reports a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['modules/a', new Set(['modules/b'])],
      ['modules/b', new Set(['lib', 'modules/a'])],
      ['lib', new Set<string>()],
    ]);
    expect(show(cyclesOf(graph))).toEqual(['modules/a → modules/b → modules/a']);
  });

  it('keeps the attempt domain below exams and submissions', () => {
    const graph = moduleGraph();
    const attempts = [...(graph.get('modules/exam-taking') ?? [])];
    expect(attempts).not.toContain('modules/exams');
    expect(attempts).not.toContain('modules/submissions');
    expect(graph.get('modules/exams')).toContain('modules/exam-taking');
    expect(graph.get('modules/submissions')).toContain('modules/exam-taking');
  });
});
