import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FLASHCARD_STATES } from '@app/common/schemas/flashcards';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './schema.ts';

// Flashcards (docs/product-flashcards.md). Re-exported by schema.ts (drizzle-kit reads that file).

/**
 * A deck: faculty's, for an audience shaped like an exam's (courses, batches, centres, or everyone), seen by
 * students once published; or a student's personal deck (`ownerId`), seen by that student only.
 */
export const flashcardDecks = pgTable(
  'flashcard_decks',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    audienceCourseIds: uuid('audience_course_ids').array().notNull().default(sql`'{}'::uuid[]`),
    audienceBatchIds: uuid('audience_batch_ids').array().notNull().default(sql`'{}'::uuid[]`),
    audienceCentreIds: text('audience_centre_ids').array().notNull().default(sql`'{}'::text[]`),
    openToAll: boolean('open_to_all').notNull().default(false),
    published: boolean('published').notNull().default(false),
    /** The student whose personal deck this is; null for a staff deck. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('flashcard_decks_owner_key').on(t.ownerId)],
);

export const flashcards = pgTable(
  'flashcards',
  {
    id: id(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => flashcardDecks.id, { onDelete: 'cascade' }),
    front: text('front').notNull(),
    back: text('back').notNull(),
    example: text('example').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Its place in the deck: the import keeps the file's order. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('flashcards_deck_idx').on(t.deckId)],
);

/** One student's FSRS memory state of one card (ts-fsrs's Card fields); no row: the card is new to them. */
export const flashcardProgress = pgTable(
  'flashcard_progress',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id')
      .notNull()
      .references(() => flashcards.id, { onDelete: 'cascade' }),
    due: ts('due').notNull(),
    stability: real('stability').notNull(),
    difficulty: real('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    state: text('state', { enum: FLASHCARD_STATES }).notNull(),
    lastReview: ts('last_review'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('flashcard_progress_key').on(t.studentId, t.cardId), index('flashcard_progress_due_idx').on(t.studentId, t.due)],
);
