import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/** One marked answer of a submission, as the code reads and writes it. */
export type SubmissionAnswer = {
  questionId: string;
  selectedOption: number | null;
  textAnswer: string | null;
  marksObtained: number | null;
};

/**
 * One marked answer as `submissions.answers` stores it: [question id, option chosen, marks], and the text
 * as a fourth element for a written answer. A CLAT paper's 120 answers take about 5.6 KB this way against
 * 13.5 KB as objects that repeat their four keys, and PostgreSQL writes them about three times faster
 * (docs/architecture.md, "The exam hall"; migration 0021 converted the rows written before).
 */
export type StoredMarkedAnswer = [questionId: string, selectedOption: number | null, marksObtained: number | null, textAnswer?: string];

export function encodeMarkedAnswers(answers: readonly SubmissionAnswer[]): StoredMarkedAnswer[] {
  const out = new Array<StoredMarkedAnswer>(answers.length);
  for (let i = 0; i < answers.length; i++) {
    const a = answers[i];
    out[i] =
      a.textAnswer === null
        ? [a.questionId, a.selectedOption, a.marksObtained]
        : [a.questionId, a.selectedOption, a.marksObtained, a.textAnswer];
  }
  return out;
}

const jsonNumber = (n: number | null) => (n === null || !Number.isFinite(n) ? 'null' : String(n));

/**
 * One stored tuple as JSON text, exactly as `JSON.stringify` writes `encodeMarkedAnswers`' element, from the
 * question id already as JSON: the submit's batched statement writes a paper's tuples as text without
 * building them (exam-taking/marking.ts `markAnswersStored`).
 */
export function markedAnswerJson(idJson: string, selectedOption: number | null, marksObtained: number | null, textAnswer: string | null) {
  const head = `[${idJson},${jsonNumber(selectedOption)},${jsonNumber(marksObtained)}`;
  return textAnswer === null ? `${head}]` : `${head},${JSON.stringify(textAnswer)}]`;
}

export function decodeMarkedAnswers(stored: readonly StoredMarkedAnswer[]): SubmissionAnswer[] {
  const out = new Array<SubmissionAnswer>(stored.length);
  for (let i = 0; i < stored.length; i++) {
    const [questionId, selectedOption, marksObtained, textAnswer] = stored[i];
    out[i] = { questionId, selectedOption, textAnswer: textAnswer ?? null, marksObtained };
  }
  return out;
}

/**
 * The `submissions.answers` column: jsonb holding StoredMarkedAnswer tuples, read and written through
 * Drizzle as SubmissionAnswer objects. SQL that reads the column itself (the question bank's usage, the
 * hall's batched insert, a regrade's batched update) uses the tuples.
 */
export const markedAnswersColumn = (name: string) =>
  customType<{ data: SubmissionAnswer[]; driverData: string | StoredMarkedAnswer[] }>({
    dataType: () => 'jsonb',
    toDriver: (answers) => JSON.stringify(encodeMarkedAnswers(answers)),
    // node-postgres and PGlite hand jsonb over parsed; a driver that does not gives its text.
    fromDriver: (v) => decodeMarkedAnswers(typeof v === 'string' ? (JSON.parse(v) as StoredMarkedAnswer[]) : v),
  })(name)
    .notNull()
    .default(sql`'[]'::jsonb`);
