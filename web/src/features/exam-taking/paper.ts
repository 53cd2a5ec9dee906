import type { ExamStudent } from '@app/common/schemas/exam-views';
import { type AnswerMap, isAnswered } from './answers.ts';

/**
 * The five states of a question in the palette of a computer-based exam (docs/product-papers.md):
 * answered-and-marked questions are evaluated like answered ones.
 */
export const PALETTE_STATES = ['not-visited', 'not-answered', 'answered', 'review', 'answered-review'] as const;
export type PaletteState = (typeof PALETTE_STATES)[number];

export const PALETTE_LABELS: Record<PaletteState, string> = {
  'not-visited': 'Not Visited',
  'not-answered': 'Not Answered',
  answered: 'Answered',
  review: 'Marked for Review',
  'answered-review': 'Answered & Marked for Review',
};

export type Progress = { answers: AnswerMap; review: ReadonlySet<string>; visited: ReadonlySet<string> };

export function paletteStateOf(id: string, p: Progress): PaletteState {
  const answered = isAnswered(p.answers[id]);
  const marked = p.review.has(id);
  if (answered && marked) return 'answered-review';
  if (answered) return 'answered';
  if (marked) return 'review';
  return p.visited.has(id) ? 'not-answered' : 'not-visited';
}

export type PaperSection = { id: string | null; title: string; first: number; indexes: number[] };

/** The paper's sections with the indexes of their questions; a paper without sections is one untitled block. */
export function sectionsOf(exam: Pick<ExamStudent, 'sections' | 'questions'>): PaperSection[] {
  if (exam.sections.length === 0) {
    return [{ id: null, title: 'Questions', first: 0, indexes: exam.questions.map((_, i) => i) }];
  }
  const out = exam.sections.map((s) => ({ id: s._id as string | null, title: s.title, first: -1, indexes: [] as number[] }));
  const byId = new Map(out.map((s) => [s.id, s]));
  exam.questions.forEach((q, i) => {
    const s = byId.get(q.section);
    if (s) s.indexes.push(i);
  });
  for (const s of out) s.first = s.indexes[0] ?? -1;
  return out.filter((s) => s.indexes.length > 0);
}

/** Counts per state for the questions given. */
export function countStates(ids: string[], p: Progress): Record<PaletteState, number> {
  const counts = Object.fromEntries(PALETTE_STATES.map((s) => [s, 0])) as Record<PaletteState, number>;
  for (const id of ids) counts[paletteStateOf(id, p)]++;
  return counts;
}

/** The passage body a question is built on, if any. */
export function passageMap(exam: Pick<ExamStudent, 'sections'>): Map<string, string> {
  const map = new Map<string, string>();
  for (const s of exam.sections) for (const p of s.passages) map.set(p._id, p.body);
  return map;
}
