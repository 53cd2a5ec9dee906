import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, marksColumn, ts, updatedAt } from './columns.ts';
import { users } from './schema.ts';

// The question bank (docs/product-question-bank.md). Re-exported by schema.ts (drizzle-kit reads that
// file); the references are functions, so the import cycle is safe.

/** A reading passage or data set several bank questions stand on. */
export const bankPassages = pgTable('bank_passages', {
  id: id(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/** A multiple-choice question of the bank, at its current version. */
export const bankQuestions = pgTable(
  'bank_questions',
  {
    id: id(),
    /** Raised when an edit would change a version a submitted exam copied (the history stays). */
    version: integer('version').notNull().default(1),
    exam: text('exam', { enum: ['CLAT', 'AILET', 'judiciary', 'LLB'] }),
    section: text('section'),
    topic: text('topic'),
    difficulty: integer('difficulty'),
    source: text('source'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    passageId: uuid('passage_id').references(() => bankPassages.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    /** Lower case, punctuation and spacing folded: the duplicate check of the import. */
    normalized: text('normalized').notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    correctAnswer: integer('correct_answer').notNull(),
    marks: marksColumn('marks').notNull().default(1),
    /** Null: the exam's penalty applies. */
    negativeMarks: marksColumn('negative_marks'),
    explanation: text('explanation'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bank_questions_normalized_idx').on(t.normalized),
    index('bank_questions_topic_idx').on(sql`lower(${t.topic})`),
    index('bank_questions_section_idx').on(sql`lower(${t.section})`),
    index('bank_questions_passage_idx').on(t.passageId),
  ],
);

export type BankVersionSnapshot = {
  question: string;
  options: string[];
  correctAnswer: number;
  marks: number;
  negativeMarks: number | null;
  explanation: string | null;
  passage: string | null;
};

/** Every version of a bank question as it was; a version a submitted exam copied is never rewritten. */
export const bankQuestionVersions = pgTable(
  'bank_question_versions',
  {
    bankQuestionId: uuid('bank_question_id')
      .notNull()
      .references(() => bankQuestions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<BankVersionSnapshot>().notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.bankQuestionId, t.version] })],
);
