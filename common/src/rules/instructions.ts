import { round2 } from './rounding.ts';

// The instructions an exam without its own shows (docs/product.md section 5).
export const DEFAULT_INSTRUCTIONS = [
  'Read all questions carefully before answering.',
  'Each question carries the marks specified.',
  'There is no negative marking.',
  'Use the navigation panel to move between questions.',
  'Click Submit Exam when you are done.',
  'Save your progress regularly.',
];

/**
 * The instructions shown when an exam has none of its own. They state the marking scheme: the
 * "no negative marking" line stays only when every penalty of the paper is 0 (docs/product.md section 5).
 */
export function defaultInstructions(penalties: number[]): string[] {
  const positive = [...new Set(penalties.filter((p) => p > 0).map(round2))];
  if (positive.length === 0) return DEFAULT_INSTRUCTIONS;
  const cost = positive.length === 1 ? `${positive[0]} marks` : 'the negative marks shown with the question';
  const scheme = `Each correct answer carries the marks shown; each wrong answer costs ${cost}; unattempted questions carry no marks.`;
  return DEFAULT_INSTRUCTIONS.filter((line) => line !== 'There is no negative marking.').map((line) =>
    line === 'Each question carries the marks specified.' ? scheme : line,
  );
}
