import { and, asc, count, eq, like } from 'drizzle-orm';
import type { Db } from './client.ts';
import { examObjections, examObjectionWindows, exams, questions, submissions, users } from './schema.ts';

// Demo objections on the demo's ranked mock (docs/product-regrade.md), so the admin's Objections and
// regrade screen has something to decide on a fresh install: an open window and a few reasons from the
// demo candidates. Once the exam has any objection this does nothing (objections are never deleted).

const DAY = 86_400_000;
const DEMO_MOCK = 'CLAT UG Sectional Mock: Passages';

/** Question position in the paper → the demo candidates' reasons. */
const DEMO_OBJECTIONS: [number, string[]][] = [
  [
    1,
    [
      '"Assess the importance of" and "burden" both fit: the author says the public struggles to weigh facts, as in carrying a load.',
      'Option B also works in the sentence; please accept both.',
    ],
  ],
  [
    6,
    [
      'Option A is also always true: the passage does not say anyone in the evening batch skips the mock.',
      'The key (B) only restates the first sentence; A follows as well.',
      'Two options are correct here, please drop the question.',
    ],
  ],
];

export async function seedDemoObjections(db: Db, now = new Date()) {
  const [exam] = await db.select({ id: exams.id }).from(exams).where(eq(exams.title, DEMO_MOCK)).limit(1);
  if (!exam) return;
  const [{ n }] = await db.select({ n: count() }).from(examObjections).where(eq(examObjections.examId, exam.id));
  if (n > 0) return;
  const qs = await db.select({ id: questions.id }).from(questions).where(eq(questions.examId, exam.id)).orderBy(asc(questions.position));
  const candidates = await db
    .select({ id: users.id })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.studentId))
    .where(and(eq(submissions.examId, exam.id), like(users.email, '%@demo-candidates.local')))
    .orderBy(asc(users.email));
  if (candidates.length === 0) return;
  await db
    .insert(examObjectionWindows)
    .values({ examId: exam.id, opensAt: new Date(now.getTime() - DAY), closesAt: new Date(now.getTime() + 14 * DAY) })
    .onConflictDoNothing();
  let c = 0;
  for (const [position, reasons] of DEMO_OBJECTIONS) {
    const q = qs[position];
    if (!q) continue;
    for (const reason of reasons) {
      const student = candidates[c++ % candidates.length];
      await db
        .insert(examObjections)
        .values({
          examId: exam.id,
          questionId: q.id,
          studentId: student.id,
          reason,
          createdAt: new Date(now.getTime() - DAY / 2 + c * 60_000),
        })
        .onConflictDoNothing();
    }
  }
}
