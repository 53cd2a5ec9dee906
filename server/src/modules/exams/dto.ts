import { penaltyOf } from '@app/common/rules/marking';
import type { QuestionAdmin, QuestionStudent, SectionView } from '@app/common/schemas/exam-views';
import type { examPassages, examSections, exams, questions } from '../../db/schema.ts';

export type ExamRow = typeof exams.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type SectionRow = typeof examSections.$inferSelect;
export type PassageRow = typeof examPassages.$inferSelect;
export type CourseRef = { _id: string; name: string } | null;

const placeOf = (q: QuestionRow, examNegativeMarks: number) => ({
  section: q.sectionId,
  passage: q.passageId,
  negativeMarks: penaltyOf(q.negativeMarks, examNegativeMarks),
});

/** What an admin edits: the answer and the explanation included. */
export function toQuestionAdmin(q: QuestionRow, examNegativeMarks: number): QuestionAdmin {
  return {
    _id: q.id,
    type: q.type,
    question: q.question,
    options: q.type === 'mcq' ? q.options : [],
    ...(q.type === 'mcq' && q.correctAnswer !== null ? { correctAnswer: q.correctAnswer } : {}),
    marks: Number(q.marks),
    ...(q.explanation ? { explanation: q.explanation } : {}),
    ...placeOf(q, examNegativeMarks),
  };
}

/** What a student sees: a separate object built field by field, so no answer can slip through. */
export function toQuestionStudent(q: QuestionRow, examNegativeMarks: number): QuestionStudent {
  return {
    _id: q.id,
    type: q.type,
    question: q.question,
    options: q.type === 'mcq' ? q.options : [],
    marks: Number(q.marks),
    ...placeOf(q, examNegativeMarks),
  };
}

/** The paper's sections in order, each with its passages in order. */
export function toSectionViews(sections: SectionRow[], passages: PassageRow[]): SectionView[] {
  return sections.map((s) => ({
    _id: s.id,
    title: s.title,
    instructions: s.instructions,
    passages: passages.filter((p) => p.sectionId === s.id).map((p) => ({ _id: p.id, body: p.body })),
  }));
}

export function examBaseDto(e: ExamRow, course: CourseRef, questionsCount: number) {
  return {
    _id: e.id,
    title: e.title,
    description: e.description,
    course,
    duration: e.durationMinutes,
    totalMarks: Number(e.totalMarks),
    passingMarks: e.passingMarks === null ? null : Number(e.passingMarks),
    negativeMarks: Number(e.negativeMarks),
    resultMode: e.resultMode,
    tieBreakSection: e.tieBreakSection,
    solutionsRelease: e.solutionsRelease,
    instructions: e.instructions,
    questionsCount,
    totalQuestions: questionsCount,
    ...scheduleDto(e),
  };
}

/** Who may take the exam and when (docs/product-batches.md, "Exam scheduling"). */
export function scheduleDto(e: ExamRow) {
  return {
    audience: { courses: e.audienceCourseIds, batches: e.audienceBatchIds, centres: e.audienceCentreIds },
    openToAll: e.openToAll,
    opensAt: e.opensAt?.toISOString() ?? null,
    closesAt: e.closesAt?.toISOString() ?? null,
    mode: e.mode,
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
