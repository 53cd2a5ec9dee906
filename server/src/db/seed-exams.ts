import { count, eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { courses, exams, questions } from './schema.ts';

// A short demo mock test so a fresh install shows the exam journey end to end.
const MOCK_QUESTIONS: { question: string; options: string[]; correctAnswer: number }[] = [
  {
    question: 'Which Article of the Constitution of India guarantees equality before the law?',
    options: ['Article 12', 'Article 14', 'Article 19', 'Article 21'],
    correctAnswer: 1,
  },
  {
    question: 'The doctrine of "res judicata" is contained in which provision of the Code of Civil Procedure, 1908?',
    options: ['Section 9', 'Section 10', 'Section 11', 'Section 151'],
    correctAnswer: 2,
  },
  {
    question: 'Principle: A contract without consideration is void. A promises to give B his car for nothing. Is the promise enforceable?',
    options: ['Yes, promises must be kept', 'No, there is no consideration', 'Yes, if made in writing only', 'No, cars cannot be gifted'],
    correctAnswer: 1,
  },
  {
    question: 'Which writ is issued to secure the release of a person unlawfully detained?',
    options: ['Mandamus', 'Certiorari', 'Habeas corpus', 'Quo warranto'],
    correctAnswer: 2,
  },
  {
    question: 'If all advocates are graduates and some graduates are judges, which conclusion follows?',
    options: [
      'All judges are advocates',
      'Some advocates are judges',
      'No definite conclusion about advocates being judges',
      'No graduate is a judge',
    ],
    correctAnswer: 2,
  },
];

export async function seedDemoExam(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(exams);
  if (n > 0) return;
  const [clat] = await db.select({ id: courses.id }).from(courses).where(eq(courses.name, 'CLAT Preparation')).limit(1);
  if (!clat) return;
  const descriptiveMarks = 10;
  const mcqMarks = 2;
  const [exam] = await db
    .insert(exams)
    .values({
      title: 'CLAT Mock Test 1: Legal and Logical Reasoning',
      description: 'A short practice test of legal and logical reasoning with one written answer.',
      courseId: clat.id,
      durationMinutes: 30,
      totalMarks: MOCK_QUESTIONS.length * mcqMarks + descriptiveMarks,
      passingMarks: 8,
      instructions: [],
    })
    .returning({ id: exams.id });
  await db.insert(questions).values([
    ...MOCK_QUESTIONS.map((q, i) => ({ examId: exam.id, position: i, type: 'mcq' as const, marks: mcqMarks, ...q })),
    {
      examId: exam.id,
      position: MOCK_QUESTIONS.length,
      type: 'descriptive' as const,
      question: 'In about 150 words, explain the basic structure doctrine and name the case in which it was laid down.',
      options: [],
      marks: descriptiveMarks,
    },
  ]);
}
