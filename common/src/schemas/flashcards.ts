import { z } from 'zod';
import { audienceInput } from './exam-schedule.ts';

// Flashcards with spaced repetition (docs/product-flashcards.md): faculty's decks for an audience like an
// exam's (courses, batches, centres, or everyone), a personal deck per student, and each student's
// schedule of each card kept by FSRS (ts-fsrs, docs/decisions/).

export const FLASHCARD_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type FlashcardRating = (typeof FLASHCARD_RATINGS)[number];
export const FLASHCARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type FlashcardState = (typeof FLASHCARD_STATES)[number];

/** An import file is refused above this size while it streams in, before anything is parsed. */
export const FLASHCARD_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const FLASHCARD_IMPORT_MAX_ROWS = 2000;
export const FLASHCARD_IMPORT_COLUMNS = ['front', 'back', 'example', 'tags'] as const;
/** The due list answers at most this many cards at a time (a session; the rest come after). */
export const FLASHCARD_DUE_LIMIT = 100;
export const FLASHCARD_TEXT_MAX = 2000;

export const FLASHCARD_MSG = {
  title: 'Give the deck a title of at most 200 characters',
  description: 'The description may have at most 2000 characters',
  audienceRequired: 'Choose the courses, batches or centres that see this deck, or open it to all',
  notFound: 'Deck not found',
  cardNotFound: 'Card not found',
  front: `The front must have 1 to ${FLASHCARD_TEXT_MAX} characters`,
  back: `The back must have 1 to ${FLASHCARD_TEXT_MAX} characters`,
  example: `The example may have at most ${FLASHCARD_TEXT_MAX} characters`,
  rating: 'rating must be one of again, hard, good, easy',
  noFile: 'Attach a CSV or Excel (.xlsx) file with the columns front, back, example, tags',
  tooLarge: `The file is larger than ${FLASHCARD_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  badType: 'Upload a .csv or .xlsx file',
  unreadable: 'The file could not be read as CSV or Excel',
  empty: 'The file has no cards below its header row',
  tooMany: `At most ${FLASHCARD_IMPORT_MAX_ROWS} cards per file`,
  missingColumns: (cols: string[]) => `The file lacks the column${cols.length === 1 ? '' : 's'} ${cols.join(', ')}`,
  duplicate: (row: number) => `The same front as row ${row}`,
  personalDeck: 'A personal deck is its student’s own: staff decks are changed at /admin/flashcards',
  confirmDelete: 'Deleting a deck deletes its cards and every student’s progress on them: send confirm=true',
} as const;

const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);

export const deckBody = z.object({
  title: text(200, FLASHCARD_MSG.title),
  description: z.string({ error: FLASHCARD_MSG.description }).trim().max(2000, FLASHCARD_MSG.description).optional(),
  /** Who sees it: absent or empty with openToAll false is refused; `openToAll: true` is everyone. */
  audience: audienceInput.optional(),
  openToAll: z.boolean({ error: 'openToAll must be true or false' }).optional(),
  published: z.boolean({ error: 'published must be true or false' }),
});
export type DeckBody = z.output<typeof deckBody>;
export const deckPatchBody = deckBody.partial();

const named = z.object({ _id: z.string(), name: z.string() });
export const deckSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  published: z.boolean(),
  openToAll: z.boolean(),
  audience: z.object({ courses: z.array(named), batches: z.array(named), centres: z.array(named) }),
  personal: z.boolean(),
  cards: z.number().int(),
  /** A student's list: the cards of the deck due today for them. */
  due: z.number().int().optional(),
  createdAt: z.string(),
});
export type Deck = z.infer<typeof deckSchema>;
export const deckListResponse = z.array(deckSchema);

export const cardBody = z.object({
  front: text(FLASHCARD_TEXT_MAX, FLASHCARD_MSG.front),
  back: text(FLASHCARD_TEXT_MAX, FLASHCARD_MSG.back),
  example: z.string({ error: FLASHCARD_MSG.example }).trim().max(FLASHCARD_TEXT_MAX, FLASHCARD_MSG.example).optional(),
});
export const cardSchema = z.object({
  _id: z.uuid(),
  deckId: z.uuid(),
  front: z.string(),
  back: z.string(),
  example: z.string(),
  tags: z.array(z.string()),
});
export type Card = z.infer<typeof cardSchema>;
export const cardListResponse = z.array(cardSchema);

/** What each rating would schedule next, for the review buttons. */
const previewSchema = z.object({ again: z.string(), hard: z.string(), good: z.string(), easy: z.string() });
export const dueCardSchema = cardSchema.extend({
  deckTitle: z.string(),
  state: z.enum(FLASHCARD_STATES),
  due: z.string(),
  next: previewSchema,
});
export type DueCard = z.infer<typeof dueCardSchema>;
export const dueResponse = z.object({ total: z.number().int(), cards: z.array(dueCardSchema) });
export type DueResponse = z.infer<typeof dueResponse>;

export const reviewBody = z.object({ rating: z.enum(FLASHCARD_RATINGS, { error: FLASHCARD_MSG.rating }) });
export const reviewResponse = z.object({
  cardId: z.uuid(),
  due: z.string(),
  state: z.enum(FLASHCARD_STATES),
  reps: z.number().int(),
  lapses: z.number().int(),
  scheduledDays: z.number(),
});
export type ReviewResult = z.infer<typeof reviewResponse>;

export const importQuery = z.object({ dryRun: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false) });
export const importRowSchema = z.object({ row: z.number().int(), status: z.enum(['ok', 'error']), message: z.string(), front: z.string() });
export const importResponse = z.object({
  dryRun: z.boolean(),
  ok: z.number().int(),
  errors: z.number().int(),
  imported: z.number().int(),
  rows: z.array(importRowSchema),
});
export type FlashcardImportResult = z.infer<typeof importResponse>;

export const deleteDeckQuery = z.object({ confirm: z.enum(['true'], { error: FLASHCARD_MSG.confirmDelete }) });
