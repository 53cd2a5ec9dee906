import os from 'node:os';

// Tasks for lib/worker-pool.test.ts: what a real task may do (answer, refuse, run long, grow without end).
export default async function runTask({ task, input }) {
  if (task === 'echo') return { ok: input };
  if (task === 'priority') return { ok: os.getPriority() };
  if (task === 'spin') {
    const end = Date.now() + input.ms;
    while (Date.now() < end);
    return { ok: 'done' };
  }
  if (task === 'hog') {
    const kept = [];
    for (;;) kept.push(new Array(1_000_000).fill(kept.length));
  }
  if (task === 'refuse') return { refused: { code: 'BAD_REQUEST', message: input.message, fields: { file: input.message } } };
  throw new Error(`a bug in task ${task}`);
}
