import type { QuestionAdmin, QuestionStudent } from '@app/common/schemas/exams';
import type { exams, questions } from '../../db/schema.ts';

export type ExamRow = typeof exams.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type CourseRef = { _id: string; name: string } | null;

/** What an admin edits: the answer and the explanation included. */
export function toQuestionAdmin(q: QuestionRow): QuestionAdmin {
  return {
    _id: q.id,
    type: q.type,
    question: q.question,
    options: q.type === 'mcq' ? q.options : [],
    ...(q.type === 'mcq' && q.correctAnswer !== null ? { correctAnswer: q.correctAnswer } : {}),
    marks: Number(q.marks),
    ...(q.explanation ? { explanation: q.explanation } : {}),
  };
}

/** What a student sees: a separate object built field by field, so no answer can slip through. */
export function toQuestionStudent(q: QuestionRow): QuestionStudent {
  return {
    _id: q.id,
    type: q.type,
    question: q.question,
    options: q.type === 'mcq' ? q.options : [],
    marks: Number(q.marks),
  };
}

export function examBaseDto(e: ExamRow, course: CourseRef, questionsCount: number) {
  return {
    _id: e.id,
    title: e.title,
    description: e.description,
    course,
    duration: e.durationMinutes,
    totalMarks: Number(e.totalMarks),
    passingMarks: Number(e.passingMarks),
    instructions: e.instructions,
    questionsCount,
    totalQuestions: questionsCount,
  };
}

export function examStateDto(e: ExamRow) {
  return {
    isActive: e.isActive,
    resultsPublished: e.resultsPublished,
    resultsPublishedAt: e.resultsPublishedAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}

export const courseRefOf = (id: string | null, name: string | null): CourseRef => (id && name !== null ? { _id: id, name } : null);
