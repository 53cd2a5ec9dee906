// Writes the sample files of the question bank import (docs/product-question-bank.md):
// web/public/samples/question-bank-sample.xlsx (the template's columns) and question-bank-sample.docx
// (the Word pattern). Both import cleanly into an empty bank and into each other's (no duplicates).
// Run: node scripts/make-question-bank-samples.mjs (the files are committed; the import screen links them).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'web/public/samples');
fs.mkdirSync(out, { recursive: true });

const COLUMNS = [
  'section',
  'passage_ref',
  'passage_text',
  'question',
  'option_a',
  'option_b',
  'option_c',
  'option_d',
  'answer',
  'marks',
  'negative',
  'explanation',
  'topic',
  'difficulty',
  'source',
];

const PASSAGE =
  'A person who lawfully enters the premises of another as an invitee is owed a duty of reasonable care by the occupier. ' +
  'The occupier must warn the invitee of unusual dangers that the occupier knows of or ought to know of. ' +
  'A trespasser, by contrast, is owed only a duty not to be harmed wilfully or recklessly.';

const rows = [
  [
    'Legal Reasoning',
    'P1',
    PASSAGE,
    'Ravi visits a shop to buy groceries and slips on a freshly mopped floor with no warning sign. Is the shopkeeper liable?',
    'Yes, Ravi was an invitee and the wet floor was an unusual danger the shopkeeper knew of',
    'No, a customer accepts all risks inside a shop',
    'No, Ravi should have looked where he walked',
    'Yes, an occupier is liable for every injury on the premises',
    'A',
    1,
    '',
    'The shopkeeper created the danger and gave no warning to an invitee.',
    'Torts: Occupiers\u2019 liability',
    2,
    'Mock 12',
  ],
  [
    'Legal Reasoning',
    'P1',
    '',
    'Sunil climbs over a locked gate at night and falls into an unlit pit. On the passage, the occupier is liable only if:',
    'The pit was unusual',
    'The occupier harmed Sunil wilfully or recklessly',
    'Sunil was injured seriously',
    'The gate was not high enough',
    'B',
    1,
    '',
    'A trespasser is owed only the duty not to be harmed wilfully or recklessly.',
    'Torts: Occupiers\u2019 liability',
    3,
    'Mock 12',
  ],
  [
    'Legal Reasoning',
    'P1',
    '',
    'Which duty does the passage say an occupier owes an invitee?',
    'A duty of absolute safety',
    'No duty at all',
    'A duty of reasonable care',
    'A duty only to strangers',
    'C',
    1,
    '',
    'The first sentence of the passage states it.',
    'Torts: Occupiers\u2019 liability',
    1,
    'Mock 12',
  ],
  [
    'Legal Reasoning',
    '',
    '',
    'Which Article of the Constitution of India guarantees the protection of life and personal liberty?',
    'Article 14',
    'Article 19',
    'Article 21',
    'Article 32',
    'C',
    1,
    0.25,
    'Article 21: no person shall be deprived of life or personal liberty except according to procedure established by law.',
    'Constitution: Article 21',
    1,
    'CLAT 2024 pattern',
  ],
  [
    'Legal Reasoning',
    '',
    '',
    'The writ issued to secure the release of a person unlawfully detained is:',
    'Mandamus',
    'Habeas corpus',
    'Certiorari',
    'Quo warranto',
    'B',
    1,
    0.25,
    'Habeas corpus ("you may have the body") tests the legality of a detention.',
    'Constitution: Writs',
    2,
    'Mock 12',
  ],
  [
    'Logical Reasoning',
    '',
    '',
    'All advocates are graduates. Some graduates are teachers. Which conclusion follows?',
    'All teachers are advocates',
    'Some advocates are teachers',
    'No conclusion about advocates and teachers follows',
    'No graduate is a teacher',
    'C',
    1,
    '',
    'The middle term "graduates" is not distributed in the second premise.',
    'Syllogisms',
    3,
    'Mock 12',
  ],
  [
    'Quantitative Techniques',
    '',
    '',
    'A coaching batch of 40 students has 25 % girls. How many boys are in the batch?',
    '10',
    '25',
    '30',
    '35',
    'C',
    1,
    '',
    '25 % of 40 is 10 girls, so 30 boys.',
    'Percentages',
    1,
    'Mock 12',
  ],
  [
    'English Language',
    '',
    '',
    'Choose the word closest in meaning to "candid".',
    'Frank',
    'Secretive',
    'Careless',
    'Bright',
    'A',
    1,
    '',
    'Candid means open and honest.',
    'Vocabulary',
    2,
    'Mock 12',
  ],
];

const book = new ExcelJS.Workbook();
book.creator = 'Law Coaching Institute';
const sheet = book.addWorksheet('Questions');
sheet.columns = COLUMNS.map((c) => ({ header: c, key: c, width: ['passage_text', 'question', 'explanation'].includes(c) ? 50 : 16 }));
sheet.getRow(1).font = { bold: true };
for (const r of rows) sheet.addRow(r.map((v) => (v === '' ? null : v)));
// Fixed timestamps keep the committed file unchanged when the script runs again.
book.created = new Date('2026-01-01T00:00:00Z');
book.modified = new Date('2026-01-01T00:00:00Z');
fs.writeFileSync(path.join(out, 'question-bank-sample.xlsx'), Buffer.from(await book.xlsx.writeBuffer()));

const lines = [
  'Section: Legal Reasoning',
  'Topic: Contract: Offer and acceptance',
  'Difficulty: 2',
  'Source: Mock 13',
  'Passage: An offer is a proposal made by one person to another with a view to obtaining the assent of that other. A mere invitation to offer, such as a price list or goods displayed in a shop window, is not an offer.',
  '1. A bookshop displays a novel in its window with a price tag of \u20b9 450. Asha walks in and asks for it at that price. Which statement is correct?',
  '(a) The display was an offer that Asha accepted',
  '(b) The display was an invitation to offer; Asha made the offer',
  '(c) There is a contract as soon as Asha sees the display',
  '(d) The shop must sell the novel to the first customer',
  'Answer: (b)',
  'Explanation: Goods displayed with a price are an invitation to offer; the customer makes the offer.',
  '2. According to the passage, a price list is:',
  '(a) An offer',
  '(b) An acceptance',
  '(c) An invitation to offer',
  '(d) A contract',
  'Answer: (c)',
  'Explanation: The passage names a price list as a mere invitation to offer.',
  'End of passage',
  'Topic: Criminal law: General exceptions',
  'Difficulty: 3',
  '3. Under the Bharatiya Nyaya Sanhita, 2023, nothing is an offence which is done by a child under the age of:',
  '(a) Five years',
  '(b) Seven years',
  '(c) Twelve years',
  '(d) Sixteen years',
  'Answer: (b)',
  'Explanation: Section 20 of the Sanhita: nothing is an offence done by a child under seven years of age.',
  'Negative: 0.25',
  'Section: Current Affairs, including General Knowledge',
  'Topic: Indian polity',
  'Difficulty: 1',
  '4. Who administers the oath of office to the President of India?',
  '(a) The Prime Minister',
  '(b) The Vice-President',
  '(c) The Chief Justice of India',
  '(d) The Speaker of the Lok Sabha',
  'Answer: (c)',
  'Explanation: Article 60: the oath is made before the Chief Justice of India.',
];
const doc = new Document({
  creator: 'Law Coaching Institute',
  title: 'Question bank sample',
  sections: [{ children: lines.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
});
fs.writeFileSync(path.join(out, 'question-bank-sample.docx'), await Packer.toBuffer(doc));
console.log(`Wrote ${path.relative(root, out)}/question-bank-sample.xlsx and .docx`);
