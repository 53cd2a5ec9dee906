// The publication rule (docs/product.md section 10; docs/product-results.md): what a student may see of an
// exam's results, and when. The one home: the server's submissions, analysis, rankings, review and bookmarks
// and the browser's results screens ask here. An admin (and staff who evaluate) see everything at all times.

type Exam = { resultsPublished: boolean };

/** An exam's results are out to its students: their analysis, their trend and the exam's ranks may be read. */
export const areResultsOut = (exam: Exam): boolean => exam.resultsPublished;

/**
 * A submission's marks (score, percentage, grade, pass, feedback, each answer's marks) and its rank show to its
 * student only once its exam's results are out and the submission is evaluated; before that each is null.
 */
export const areMarksVisible = (exam: Exam, submission: { status: string }): boolean =>
  areResultsOut(exam) && submission.status === 'EVALUATED';

/**
 * Whether an exam's submissions are ranked at all: a ranked (not practice) exam whose results are out. A route
 * that shows ranks only ever reads rows this rule allowed to exist (server modules/rankings).
 */
export const isRankedExam = (exam: Exam & { mode: string }): boolean => areResultsOut(exam) && exam.mode !== 'practice';

/** The key and the explanations (the review, a bookmark's solution) show once the results are out, unless the exam never releases them. */
export const areSolutionsReleased = (exam: Exam & { solutionsRelease: string }): boolean =>
  areResultsOut(exam) && exam.solutionsRelease === 'with_results';
