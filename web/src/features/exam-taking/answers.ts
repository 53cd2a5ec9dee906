/** An answer held per question id during an exam (docs/product.md section 3): MCQ option index, descriptive text, cleared null. */
export type AnswerValue = number | string | null;
export type AnswerMap = Record<string, AnswerValue>;

/** docs/product.md section 4: a question is answered when it has any stored answer. */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  return true;
}

export function countAnswered(questionIds: string[], answers: AnswerMap): number {
  return questionIds.filter((id) => isAnswered(answers[id])).length;
}

/**
 * What the exam screen submits (docs/product.md section 10): every question of the paper in the paper's
 * order, an unanswered one as null, so the submission is exactly what the screen shows. Every student of a
 * hall then sends a map of the same keys in the same order, which the server parses several times faster
 * than maps in the order each student happened to answer in (docs/decisions/0018-submissions-in-paper-order.md).
 */
export function submissionAnswers(questionIds: readonly string[], answers: AnswerMap): AnswerMap {
  const out: AnswerMap = {};
  for (const id of questionIds) out[id] = answers[id] ?? null;
  return out;
}
