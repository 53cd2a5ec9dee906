import { count } from 'drizzle-orm';
import { duplicateKey } from '@app/common/schemas/question-bank';
import type { Db } from './client.ts';
import { bankPassages, bankQuestions, bankQuestionVersions } from './schema.ts';

// Demo questions for the question bank (docs/product-question-bank.md), so a fresh install shows the
// bank, its filters and "Add from bank" at work. Added once, to an empty bank; none repeats a question
// of the sample files (web/public/samples), which therefore import cleanly on top of them.

type Demo = {
  exam: 'CLAT' | 'AILET' | 'judiciary' | 'LLB';
  section: string;
  topic: string;
  difficulty: number;
  source: string;
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
  passage?: true;
};

const PASSAGE =
  'Strict liability makes a person who brings onto land something likely to do mischief if it escapes answerable for the damage it causes, even without negligence. ' +
  'In M.C. Mehta v. Union of India (1987) the Supreme Court held an enterprise engaged in a hazardous activity absolutely liable, with none of the exceptions strict liability allows.';

const DEMO: Demo[] = [
  {
    exam: 'CLAT',
    section: 'Legal Reasoning',
    topic: 'Torts: Strict and absolute liability',
    difficulty: 3,
    source: 'Demo bank',
    question: 'A chemical plant leaks gas despite every precaution. Under the rule in the passage, the plant is:',
    options: [
      'Not liable, as it took every precaution',
      'Absolutely liable for the harm caused',
      'Liable only if negligent',
      'Liable only to its workers',
    ],
    correctAnswer: 1,
    explanation: 'Absolute liability admits no defence of due care for a hazardous enterprise.',
    passage: true,
  },
  {
    exam: 'CLAT',
    section: 'Legal Reasoning',
    topic: 'Torts: Strict and absolute liability',
    difficulty: 2,
    source: 'Demo bank',
    question: 'Which case does the passage cite for absolute liability?',
    options: ['Rylands v. Fletcher', 'Donoghue v. Stevenson', 'M.C. Mehta v. Union of India', 'Kesavananda Bharati v. State of Kerala'],
    correctAnswer: 2,
    explanation: 'The passage names M.C. Mehta v. Union of India (1987).',
    passage: true,
  },
  {
    exam: 'CLAT',
    section: 'Legal Reasoning',
    topic: 'Constitution: Fundamental rights',
    difficulty: 2,
    source: 'Demo bank',
    question: 'The right to constitutional remedies is guaranteed by:',
    options: ['Article 19', 'Article 21', 'Article 32', 'Article 226'],
    correctAnswer: 2,
    explanation: 'Article 32 lets a person move the Supreme Court to enforce fundamental rights.',
  },
  {
    exam: 'AILET',
    section: 'Logical Reasoning',
    topic: 'Series',
    difficulty: 1,
    source: 'Demo bank',
    question: 'Find the next number: 3, 6, 12, 24, ?',
    options: ['36', '42', '48', '30'],
    correctAnswer: 2,
    explanation: 'Each term doubles the one before.',
  },
  {
    exam: 'judiciary',
    section: 'Evidence',
    topic: 'Bharatiya Sakshya Adhiniyam: Confessions',
    difficulty: 4,
    source: 'Demo bank',
    question: 'A confession made to a police officer is, as a rule:',
    options: [
      'Admissible against the accused',
      'Not to be proved against the accused',
      'Admissible if written down',
      'Admissible if made in the morning',
    ],
    correctAnswer: 1,
    explanation: 'A confession to a police officer shall not be proved against the accused.',
  },
  {
    exam: 'CLAT',
    section: 'English Language',
    topic: 'Vocabulary',
    difficulty: 1,
    source: 'Demo bank',
    question: 'Choose the word opposite in meaning to "verbose".',
    options: ['Wordy', 'Concise', 'Loud', 'Careful'],
    correctAnswer: 1,
    explanation: 'Verbose means using more words than needed; concise is its opposite.',
  },
];

export async function seedDemoQuestionBank(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(bankQuestions);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    const [passage] = await tx.insert(bankPassages).values({ body: PASSAGE }).returning();
    for (const d of DEMO) {
      const { passage: onPassage, ...fields } = d;
      const [row] = await tx
        .insert(bankQuestions)
        .values({
          ...fields,
          passageId: onPassage ? passage.id : null,
          normalized: duplicateKey(d.question, onPassage ? PASSAGE : null),
          marks: 1,
        })
        .returning();
      await tx.insert(bankQuestionVersions).values({
        bankQuestionId: row.id,
        version: 1,
        snapshot: {
          question: row.question,
          options: row.options,
          correctAnswer: row.correctAnswer,
          marks: 1,
          negativeMarks: null,
          explanation: row.explanation,
          passage: onPassage ? PASSAGE : null,
        },
      });
    }
  });
}
