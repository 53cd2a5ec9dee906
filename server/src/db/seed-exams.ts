import { and, count, eq } from 'drizzle-orm';
import { addDays, instantInIndia, todayInIndia } from '@app/common/rules/dates';
import type { Db } from './client.ts';
import { seedDemoCandidates } from './seed-results.ts';
import { batches, courses, examPassages, examSections, exams, questions } from './schema.ts';

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

type Mcq = { question: string; options: string[]; correctAnswer: number };

/** A CLAT-style sectional mock: one passage per section, questions on it, -0.25 for a wrong answer, ranked. */
const PASSAGE_MOCK: { title: string; passage: string; questions: Mcq[] }[] = [
  {
    title: 'English Language',
    passage:
      "Libraries were once described as the memory of a city. Long before search engines, a reader who wanted to understand a dispute, a disease or a distant country walked to a reading room and asked a librarian. The librarian did not simply hand over a book; she asked what the reader already knew, what he needed to decide, and how much time he had.\n\nThat conversation is what many digital tools have quietly removed. A search box answers the question typed into it, **not the question the reader should have asked**. The result is a public that can find facts quickly but struggles to weigh them. Restoring the librarian's patient questions, whether in a person or in the design of our tools, may matter more than adding yet another source of information.",
    questions: [
      {
        question: 'What is the main concern of the author?',
        options: [
          'Libraries are too slow for modern readers',
          'Digital tools answer questions without helping readers frame and weigh them',
          'Search engines give false information',
          'Librarians should be replaced by software',
        ],
        correctAnswer: 1,
      },
      {
        question: 'As used in the passage, the word "weigh" most nearly means:',
        options: ['measure the mass of', 'burden', 'assess the importance of', 'delay'],
        correctAnswer: 2,
      },
    ],
  },
  {
    title: 'Current Affairs, including General Knowledge',
    passage:
      'The Constitution of India was adopted by the Constituent Assembly on 26 November 1949 and came fully into force on 26 January 1950, the day now celebrated as Republic Day. Dr B. R. Ambedkar chaired its Drafting Committee. The date of adoption is observed every year as Constitution Day (Samvidhan Divas).',
    questions: [
      {
        question: 'On which date is Constitution Day observed in India?',
        options: ['26 January', '15 August', '26 November', '2 October'],
        correctAnswer: 2,
      },
      {
        question: 'Who chaired the Drafting Committee of the Constituent Assembly?',
        options: ['Jawaharlal Nehru', 'Dr B. R. Ambedkar', 'Dr Rajendra Prasad', 'Sardar Vallabhbhai Patel'],
        correctAnswer: 1,
      },
    ],
  },
  {
    title: 'Legal Reasoning',
    passage:
      '**Principle:** A person who, without lawful justification, intentionally causes another to be confined within fixed limits commits the wrong of *false imprisonment*. The confinement must be total; blocking one way while another reasonable way out remains open is not false imprisonment.\n\n**Facts:** Ravi locks the front door of a library reading room at closing time, not knowing that Sita is still inside. The room has a second door, unlocked, that opens onto the corridor.',
    questions: [
      {
        question: 'Is Ravi liable for false imprisonment?',
        options: [
          'Yes, because Sita could not use the front door',
          'No, because the confinement was not total and was not intended',
          'Yes, because closing a library is not lawful justification',
          'No, because libraries are public places',
        ],
        correctAnswer: 1,
      },
      {
        question: 'Which change in the facts would most strengthen a claim of false imprisonment?',
        options: [
          'Sita was reading a law book',
          'Ravi knew Sita was inside and also locked the second door',
          'The library closed earlier than usual',
          'Sita left through the second door',
        ],
        correctAnswer: 1,
      },
    ],
  },
  {
    title: 'Logical Reasoning',
    passage:
      'Every student who attends the weekly mock improves her score over the term. Some students who improve their score also join the evening batch. No student of the evening batch skips the doubt-clearing session.',
    questions: [
      {
        question: 'Which of the following must be true?',
        options: [
          'Every student of the evening batch attends the weekly mock',
          'A student who attends the weekly mock improves her score over the term',
          'Some students skip the doubt-clearing session and attend the mock',
          'Every student who improves her score attends the weekly mock',
        ],
        correctAnswer: 1,
      },
      {
        question: 'If Meera skips the doubt-clearing session, which conclusion follows?',
        options: [
          'Meera does not attend the weekly mock',
          'Meera is not in the evening batch',
          'Meera improves her score',
          'Meera is in the evening batch',
        ],
        correctAnswer: 1,
      },
    ],
  },
  {
    title: 'Quantitative Techniques',
    passage:
      'Mock test takers at the three centres of the institute:\n\n| Centre | January | February |\n|---|---|---|\n| Dum Dum | 120 | 150 |\n| Shrirampur | 80 | 100 |\n| Kasba | 100 | 110 |',
    questions: [
      {
        question: 'By what percentage did the number of test takers at Dum Dum rise from January to February?',
        options: ['20%', '25%', '30%', '15%'],
        correctAnswer: 1,
      },
      {
        question: 'What was the total number of test takers across the three centres in February?',
        options: ['300', '340', '360', '380'],
        correctAnswer: 2,
      },
    ],
  },
];

async function seedPassageMock(db: Db, courseId: string) {
  const count = PASSAGE_MOCK.reduce((n, s) => n + s.questions.length, 0);
  const [exam] = await db
    .insert(exams)
    .values({
      title: 'CLAT UG Sectional Mock: Passages',
      description: 'Five sections as in CLAT UG, each built on a passage or a table; each wrong answer costs 0.25 marks.',
      courseId,
      durationMinutes: 15,
      totalMarks: count,
      passingMarks: null,
      negativeMarks: 0.25,
      resultMode: 'rank',
      instructions: [],
      audienceCourseIds: [courseId],
    })
    .returning({ id: exams.id });
  let position = 0;
  for (const [si, s] of PASSAGE_MOCK.entries()) {
    const [section] = await db
      .insert(examSections)
      .values({ examId: exam.id, position: si, title: s.title })
      .returning({ id: examSections.id });
    const [passage] = await db
      .insert(examPassages)
      .values({ examId: exam.id, sectionId: section.id, position: si, body: s.passage })
      .returning({ id: examPassages.id });
    await db.insert(questions).values(
      s.questions.map((q) => ({
        examId: exam.id,
        position: position++,
        sectionId: section.id,
        passageId: passage.id,
        type: 'mcq' as const,
        marks: 1,
        ...q,
      })),
    );
  }
  return exam.id;
}

export async function seedDemoExam(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(exams);
  if (n > 0) return;
  const [clat] = await db.select({ id: courses.id }).from(courses).where(eq(courses.name, 'CLAT Preparation')).limit(1);
  if (!clat) return;
  // First, so the short mock below stays the newest exam in the lists.
  await seedScheduledExams(db, clat.id);
  await seedDemoCandidates(db, await seedPassageMock(db, clat.id));
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
      audienceCourseIds: [clat.id],
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

/** 10:00 IST, `days` from now. */
const istMorning = (days: number, now = new Date()) => instantInIndia(addDays(todayInIndia(now), days), '10:00');

/**
 * A practice set (re-attempts, unranked) open to every student, and a mock scheduled for tomorrow
 * morning for the CLAT batch at Dumdum (docs/product-batches.md): the dashboard shows both kinds.
 */
async function seedScheduledExams(db: Db, clatId: string) {
  const [batch] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.courseId, clatId), eq(batches.centreId, 'dumdum')))
    .limit(1);
  const mcqs = MOCK_QUESTIONS.slice(0, 4);
  const rows = await db
    .insert(exams)
    .values([
      {
        title: 'Legal Reasoning Practice Set',
        description: 'Unranked practice: attempt it as often as you like; every attempt is kept.',
        courseId: clatId,
        durationMinutes: 10,
        totalMarks: mcqs.length,
        passingMarks: mcqs.length / 2,
        resultMode: 'grade' as const,
        instructions: [],
        openToAll: true,
        mode: 'practice' as const,
      },
      {
        title: 'CLAT Full Mock 2 (scheduled)',
        description: 'Scheduled for the Dumdum morning batch: it opens at 10:00 IST tomorrow for two hours.',
        courseId: clatId,
        durationMinutes: 30,
        totalMarks: mcqs.length,
        passingMarks: null,
        resultMode: 'rank' as const,
        instructions: [],
        audienceCourseIds: batch ? [] : [clatId],
        audienceBatchIds: batch ? [batch.id] : [],
        opensAt: istMorning(1),
        closesAt: new Date(istMorning(1).getTime() + 2 * 3_600_000),
      },
    ])
    .returning({ id: exams.id });
  for (const exam of rows) {
    await db.insert(questions).values(mcqs.map((q, i) => ({ examId: exam.id, position: i, type: 'mcq' as const, marks: 1, ...q })));
  }
}
