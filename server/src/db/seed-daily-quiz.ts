import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { addDays, indiaDayOf } from '@app/common/rules/dates';
import type { DailyQuizQuestion } from '@app/common/schemas/daily-quiz';
import type { Db } from './client.ts';
import { dailyQuizzes } from './schema.ts';

// A week of demo daily quizzes (docs/product-daily-quiz.md): the past six days and today, open to every
// student, each titled "Sample quiz". The passages are general, well-known public facts about the
// Constitution and landmark law, written to show the page working, not news. Added only while no daily
// quiz is stored.

type Q = [question: string, options: string[], correct: number, explanation: string];

const DAYS: Q[][] = [
  [
    [
      'Passage: The Preamble to the Constitution of India declares India a sovereign, socialist, secular, democratic republic.\nWhich amendment added the words "socialist" and "secular" to the Preamble?',
      ['The 42nd Amendment, 1976', 'The 44th Amendment, 1978', 'The 1st Amendment, 1951', 'The 73rd Amendment, 1992'],
      0,
      'The Constitution (Forty-second Amendment) Act, 1976 added "socialist", "secular" and "integrity".',
    ],
    [
      'On which date did the Constitution of India come into force?',
      ['15 August 1947', '26 November 1949', '26 January 1950', '2 October 1950'],
      2,
      'It was adopted on 26 November 1949 and came into force on 26 January 1950, now Republic Day.',
    ],
  ],
  [
    [
      'Passage: In Kesavananda Bharati v. State of Kerala (1973), a bench of thirteen judges of the Supreme Court considered the limits of Parliament\u2019s power to amend the Constitution.\nWhat doctrine did the judgment lay down?',
      ['Doctrine of pith and substance', 'Basic structure doctrine', 'Doctrine of eclipse', 'Doctrine of severability'],
      1,
      'Parliament may amend any part of the Constitution but not destroy its basic structure.',
    ],
    [
      'How many judges sat on the bench in Kesavananda Bharati?',
      ['5', '7', '11', '13'],
      3,
      'It was heard by thirteen judges, the largest bench of the Supreme Court; the majority was 7 to 6.',
    ],
  ],
  [
    [
      'Passage: The Right to Information Act, 2005 lets a citizen ask a public authority for information it holds.\nWithin how many days must a Public Information Officer ordinarily reply?',
      ['15 days', '30 days', '45 days', '60 days'],
      1,
      'Section 7(1) of the Act: as soon as possible, and in any case within thirty days of the request.',
    ],
    [
      'Information concerning the life or liberty of a person must be given under the RTI Act within:',
      ['24 hours', '48 hours', '7 days', '30 days'],
      1,
      'The proviso to section 7(1): within forty-eight hours of the request.',
    ],
  ],
  [
    [
      'Passage: Article 21 of the Constitution says no person shall be deprived of life or personal liberty except according to procedure established by law.\nIn which case did the Supreme Court hold that the procedure must be fair, just and reasonable?',
      [
        'A.K. Gopalan v. State of Madras',
        'Maneka Gandhi v. Union of India',
        'Golaknath v. State of Punjab',
        'Minerva Mills v. Union of India',
      ],
      1,
      'Maneka Gandhi v. Union of India (1978) read Articles 14, 19 and 21 together.',
    ],
    [
      'Which Article of the Constitution is called the "heart and soul" of the Constitution by Dr B.R. Ambedkar?',
      ['Article 14', 'Article 19', 'Article 32', 'Article 368'],
      2,
      'Article 32, the right to move the Supreme Court to enforce the fundamental rights.',
    ],
  ],
  [
    [
      'Passage: The Constitution lists the Fundamental Duties of citizens in one Article.\nWhich Article is it?',
      ['Article 51', 'Article 51A', 'Article 39A', 'Article 48A'],
      1,
      'Article 51A, added by the 42nd Amendment in 1976 on the recommendation of the Swaran Singh Committee.',
    ],
    [
      'Which Article abolishes untouchability?',
      ['Article 15', 'Article 16', 'Article 17', 'Article 18'],
      2,
      'Article 17 abolishes untouchability and forbids its practice in any form.',
    ],
  ],
  [
    [
      'Passage: In Puttaswamy v. Union of India (2017), a nine-judge bench considered whether the Constitution protects privacy.\nWhat did the Court hold?',
      [
        'Privacy is a fundamental right',
        'Privacy is only a statutory right',
        'Privacy is a directive principle',
        'Privacy is protected only against private persons',
      ],
      0,
      'The right to privacy is protected as an intrinsic part of Article 21 and of the freedoms in Part III.',
    ],
    [
      'Who presides over a joint sitting of the two Houses of Parliament?',
      ['The President', 'The Vice-President', 'The Speaker of the Lok Sabha', 'The Prime Minister'],
      2,
      'Article 118(4): the Speaker of the House of the People presides at a joint sitting.',
    ],
  ],
  [
    [
      'Passage: The Directive Principles of State Policy are set out in Part IV of the Constitution.\nWhich of these is true of them?',
      [
        'They are enforceable by any court',
        'They are not enforceable by any court but are fundamental in governance',
        'They override every fundamental right',
        'They apply only to the States, not the Union',
      ],
      1,
      'Article 37: not enforceable by any court, yet fundamental in the governance of the country.',
    ],
    [
      'The Writ of habeas corpus is issued to:',
      [
        'Produce a detained person before the court',
        'Quash an order of a lower court',
        'Command a public duty',
        'Stop a usurper from holding office',
      ],
      0,
      'Habeas corpus ("you shall have the body") tests the legality of a detention.',
    ],
  ],
];

export async function seedDemoDailyQuizzes(db: Db, now = new Date()) {
  const [{ n }] = await db.select({ n: count() }).from(dailyQuizzes);
  if (n > 0) return;
  const today = indiaDayOf(now);
  await db.insert(dailyQuizzes).values(
    DAYS.map((qs, i) => ({
      day: addDays(today, i - (DAYS.length - 1)),
      title: 'Sample quiz',
      openToAll: true,
      questions: qs.map(
        ([question, options, correctAnswer, explanation]): DailyQuizQuestion => ({
          _id: randomUUID(),
          question,
          options,
          correctAnswer,
          marks: 1,
          negativeMarks: null,
          explanation,
        }),
      ),
    })),
  );
}
