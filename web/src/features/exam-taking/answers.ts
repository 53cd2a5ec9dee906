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
