import { asc, eq } from 'drizzle-orm';
import { CENTRE_IDS } from '@app/common';
import { marksFor, mcqOutcome, penaltyOf } from '@app/common/rules/marking';
import { round2 } from '@app/common/rules/rounding';
import type { Db } from './client.ts';
import { examAttempts, exams, questions, type SubmissionAnswer, submissions, users } from './schema.ts';

// Demo candidates for the demo's ranked mock, so its analysis (rank among many, section averages,
// the topper, the share who got each question right) and the admin's merit list mean something on a
// fresh install. They cannot sign in: their password hash is not a hash.

const FIRST = [
  'Aarav',
  'Diya',
  'Ishaan',
  'Ananya',
  'Kabir',
  'Meera',
  'Rohan',
  'Saanvi',
  'Arjun',
  'Tanvi',
  'Vihaan',
  'Riya',
  'Aditya',
  'Priya',
  'Dev',
];
const LAST = ['Banerjee', 'Chatterjee', 'Das', 'Ghosh', 'Sen', 'Mukherjee', 'Roy', 'Bose', 'Dutta', 'Saha'];
export const DEMO_CANDIDATES = 30;
const CANDIDATES = DEMO_CANDIDATES;
const DAY = 86_400_000;

/** A small seeded generator, so every fresh install gets the same demo figures. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** 30 candidates sit the ranked mock two days ago, its results are published (the ranks follow on first read). */
export async function seedDemoCandidates(db: Db, examId: string) {
  const [exam] = await db.select().from(exams).where(eq(exams.id, examId));
  const qs = await db.select().from(questions).where(eq(questions.examId, examId)).orderBy(asc(questions.position));
  if (!exam || qs.length === 0) return;
  const next = random(20_261_125);
  const sat = new Date(Date.now() - 2 * DAY);
  for (let i = 0; i < CANDIDATES; i++) {
    const [student] = await db
      .insert(users)
      .values({
        firstName: FIRST[i % FIRST.length],
        lastName: LAST[(i * 7) % LAST.length],
        email: `candidate${String(i + 1).padStart(2, '0')}@demo-candidates.local`,
        role: 'student',
        passwordHash: '!demo-candidate-cannot-sign-in',
        registrationNumber: `DEMO-${String(i + 1).padStart(4, '0')}`,
        centreId: CENTRE_IDS[i % CENTRE_IDS.length],
        courseInterest: 'CLAT Preparation',
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!student) continue;
    const skill = 0.3 + 0.65 * next();
    const timeSpent: Record<string, number> = {};
    const review: string[] = [];
    let marks = 0;
    let correct = 0;
    let wrong = 0;
    const answers: SubmissionAnswer[] = qs.map((q) => {
      timeSpent[q.id] = 20 + Math.round(next() * 70);
      if (next() < 0.12) review.push(q.id);
      const key = q.correctAnswer ?? 0;
      if (next() > 0.85) return { questionId: q.id, selectedOption: null, textAnswer: null, marksObtained: 0 };
      // The candidate's choice (the key, or one of the two after it), marked as a submit marks it.
      const selectedOption = next() < skill ? key : (key + 1 + Math.floor(next() * 2)) % q.options.length;
      const outcome = mcqOutcome(selectedOption, key);
      if (outcome === 'correct') correct++;
      else wrong++;
      const marksObtained = marksFor(outcome, Number(q.marks), penaltyOf(q.negativeMarks, exam.negativeMarks));
      marks += marksObtained;
      return { questionId: q.id, selectedOption, textAnswer: null, marksObtained };
    });
    const taken = Object.values(timeSpent).reduce((s, t) => s + t, 0);
    const startedAt = new Date(sat.getTime() + i * 60_000);
    const submittedAt = new Date(startedAt.getTime() + taken * 1000);
    await db.insert(examAttempts).values({
      examId,
      studentId: student.id,
      startedAt,
      deadline: new Date(startedAt.getTime() + exam.durationMinutes * 60_000),
      answers: Object.fromEntries(answers.map((a) => [a.questionId, a.selectedOption])),
      review,
      timeSpent,
      savedAt: submittedAt,
      closedAt: submittedAt,
    });
    await db.insert(submissions).values({
      examId,
      studentId: student.id,
      answers,
      marksObtained: round2(marks),
      totalMarks: exam.totalMarks,
      correctAnswers: correct,
      incorrectAnswers: wrong,
      unattempted: qs.length - correct - wrong,
      status: 'EVALUATED',
      isPassed: null,
      startedAt,
      submittedAt,
      totalTimeTaken: taken,
    });
  }
  await db
    .update(exams)
    .set({ resultsPublished: true, resultsPublishedAt: new Date(sat.getTime() + DAY), tieBreakSection: 'Legal Reasoning' })
    .where(eq(exams.id, examId));
}
